/**
 * Which appointments a mass text goes to: the shared selection model (components/massText/selection.ts)
 * over appointments, whose customers' opt-out the "skip opted-out" box reads.
 */
import type { Appointment } from '../../../../shared/appointments/appointments.js';
import { boardSelection } from '../../components/massText/selection.js';
import { isOptedOut } from './appointmentList.js';

export const appointmentSelection = boardSelection<Appointment>('appointments', isOptedOut);

export const { selectPage, pageSelected, countSelection, massMessageRequest } = appointmentSelection;
