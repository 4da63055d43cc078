/** People the console names in its records: agents (advisors, technicians, managers) as other records refer to them. */

export interface AgentRef {
  id: string;
  first_name: string;
  last_name: string;
}
