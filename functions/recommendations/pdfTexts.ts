/**
 * The words of the inspection PDF in the console's languages (SPEC §5). en-gb and en-uk call it a
 * vehicle health check (VHC) where the others say multi-point inspection (MPI) (SPEC §1). `debug`,
 * unknown locales and null read en-us. `{{…}}` placeholders are filled in by `pdfText`.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locales.js';

export interface PdfTexts {
  title: string;
  repairOrder: string;
  customer: string;
  vehicle: string;
  vin: string;
  mileage: string;
  advisor: string;
  technician: string;
  na: string;
  green: string;
  yellow: string;
  red: string;
  unset: string;
  comment: string;
  damageDetails: string;
  photos: string;
  videos: string;
  recommendations: string;
  item: string;
  work: string;
  estimate: string;
  decision: string;
  approved: string;
  declined: string;
  undecided: string;
  total: string;
  approvedTotal: string;
  completedBy: string;
  noRecommendations: string;
  page: string;
}

const enUs: PdfTexts = {
  title: 'Multi-point inspection (MPI)',
  repairOrder: 'Repair order',
  customer: 'Customer',
  vehicle: 'Vehicle',
  vin: 'VIN',
  mileage: 'Mileage',
  advisor: 'Service advisor',
  technician: 'Technician',
  na: 'Not applicable',
  green: 'OK',
  yellow: 'May need attention soon',
  red: 'Needs attention now',
  unset: 'Not checked',
  comment: 'Comment',
  damageDetails: 'Damage details',
  photos: 'Photos',
  videos: 'Videos (watch them on the online inspection)',
  recommendations: 'Recommended work',
  item: 'Item',
  work: 'Work',
  estimate: 'Estimate',
  decision: 'Decision',
  approved: 'Approved',
  declined: 'Declined',
  undecided: 'Undecided',
  total: 'Total of recommended work',
  approvedTotal: 'Total of approved work',
  completedBy: 'Completed by {{name}} on {{date}}',
  noRecommendations: 'No recommended work',
  page: 'Page {{n}} of {{total}}',
};

const enGb: PdfTexts = { ...enUs, title: 'Vehicle health check (VHC)' };

const catalogue: Record<Exclude<Locale, 'debug'>, PdfTexts> = {
  'en-us': enUs,
  'en-ca': enUs,
  'en-gb': enGb,
  'en-uk': enGb,
  de: {
    title: 'Mehrpunkt-Inspektion (MPI)',
    repairOrder: 'Werkstattauftrag',
    customer: 'Kunde',
    vehicle: 'Fahrzeug',
    vin: 'FIN',
    mileage: 'Kilometerstand',
    advisor: 'Serviceberater',
    technician: 'Techniker',
    na: 'Nicht zutreffend',
    green: 'In Ordnung',
    yellow: 'Bald prüfen lassen',
    red: 'Sofort handeln',
    unset: 'Nicht geprüft',
    comment: 'Kommentar',
    damageDetails: 'Schadensdetails',
    photos: 'Fotos',
    videos: 'Videos (in der Online-Inspektion ansehen)',
    recommendations: 'Empfohlene Arbeiten',
    item: 'Prüfpunkt',
    work: 'Arbeit',
    estimate: 'Kostenvoranschlag',
    decision: 'Entscheidung',
    approved: 'Genehmigt',
    declined: 'Abgelehnt',
    undecided: 'Offen',
    total: 'Summe der empfohlenen Arbeiten',
    approvedTotal: 'Summe der genehmigten Arbeiten',
    completedBy: 'Abgeschlossen von {{name}} am {{date}}',
    noRecommendations: 'Keine empfohlenen Arbeiten',
    page: 'Seite {{n}} von {{total}}',
  },
  el: {
    title: 'Πολυσημειακός έλεγχος (MPI)',
    repairOrder: 'Εντολή επισκευής',
    customer: 'Πελάτης',
    vehicle: 'Όχημα',
    vin: 'Αριθμός πλαισίου (VIN)',
    mileage: 'Χιλιόμετρα',
    advisor: 'Σύμβουλος σέρβις',
    technician: 'Τεχνικός',
    na: 'Δεν εφαρμόζεται',
    green: 'Εντάξει',
    yellow: 'Χρειάζεται προσοχή σύντομα',
    red: 'Χρειάζεται άμεση προσοχή',
    unset: 'Δεν ελέγχθηκε',
    comment: 'Σχόλιο',
    damageDetails: 'Λεπτομέρειες ζημιών',
    photos: 'Φωτογραφίες',
    videos: 'Βίντεο (δείτε τα στον ηλεκτρονικό έλεγχο)',
    recommendations: 'Προτεινόμενες εργασίες',
    item: 'Σημείο',
    work: 'Εργασία',
    estimate: 'Εκτίμηση κόστους',
    decision: 'Απόφαση',
    approved: 'Εγκρίθηκε',
    declined: 'Απορρίφθηκε',
    undecided: 'Εκκρεμεί',
    total: 'Σύνολο προτεινόμενων εργασιών',
    approvedTotal: 'Σύνολο εγκεκριμένων εργασιών',
    completedBy: 'Ολοκληρώθηκε από {{name}} στις {{date}}',
    noRecommendations: 'Δεν υπάρχουν προτεινόμενες εργασίες',
    page: 'Σελίδα {{n}} από {{total}}',
  },
  es: {
    title: 'Inspección multipunto (MPI)',
    repairOrder: 'Orden de reparación',
    customer: 'Cliente',
    vehicle: 'Vehículo',
    vin: 'VIN',
    mileage: 'Kilometraje',
    advisor: 'Asesor de servicio',
    technician: 'Técnico',
    na: 'No aplica',
    green: 'Correcto',
    yellow: 'Requerirá atención pronto',
    red: 'Requiere atención inmediata',
    unset: 'Sin revisar',
    comment: 'Comentario',
    damageDetails: 'Detalles de daños',
    photos: 'Fotos',
    videos: 'Vídeos (véalos en la inspección en línea)',
    recommendations: 'Trabajos recomendados',
    item: 'Elemento',
    work: 'Trabajo',
    estimate: 'Presupuesto',
    decision: 'Decisión',
    approved: 'Aprobado',
    declined: 'Rechazado',
    undecided: 'Pendiente',
    total: 'Total de trabajos recomendados',
    approvedTotal: 'Total de trabajos aprobados',
    completedBy: 'Completada por {{name}} el {{date}}',
    noRecommendations: 'No hay trabajos recomendados',
    page: 'Página {{n}} de {{total}}',
  },
  fr: {
    title: 'Inspection multipoint (MPI)',
    repairOrder: 'Ordre de réparation',
    customer: 'Client',
    vehicle: 'Véhicule',
    vin: 'NIV',
    mileage: 'Kilométrage',
    advisor: 'Conseiller service',
    technician: 'Technicien',
    na: 'Non applicable',
    green: 'Bon état',
    yellow: 'À surveiller prochainement',
    red: 'Intervention nécessaire',
    unset: 'Non vérifié',
    comment: 'Commentaire',
    damageDetails: 'Détails des dommages',
    photos: 'Photos',
    videos: 'Vidéos (à voir dans l’inspection en ligne)',
    recommendations: 'Travaux recommandés',
    item: 'Point',
    work: 'Travaux',
    estimate: 'Devis',
    decision: 'Décision',
    approved: 'Accepté',
    declined: 'Refusé',
    undecided: 'En attente',
    total: 'Total des travaux recommandés',
    approvedTotal: 'Total des travaux acceptés',
    completedBy: 'Terminée par {{name}} le {{date}}',
    noRecommendations: 'Aucun travail recommandé',
    page: 'Page {{n}} sur {{total}}',
  },
  it: {
    title: 'Ispezione multipunto (MPI)',
    repairOrder: 'Ordine di riparazione',
    customer: 'Cliente',
    vehicle: 'Veicolo',
    vin: 'Numero di telaio (VIN)',
    mileage: 'Chilometraggio',
    advisor: 'Consulente del service',
    technician: 'Tecnico',
    na: 'Non applicabile',
    green: 'In ordine',
    yellow: 'Da controllare presto',
    red: 'Intervento necessario subito',
    unset: 'Non controllato',
    comment: 'Commento',
    damageDetails: 'Dettagli dei danni',
    photos: 'Foto',
    videos: 'Video (guardali nell’ispezione online)',
    recommendations: 'Lavori consigliati',
    item: 'Voce',
    work: 'Lavoro',
    estimate: 'Preventivo',
    decision: 'Decisione',
    approved: 'Approvato',
    declined: 'Rifiutato',
    undecided: 'In sospeso',
    total: 'Totale dei lavori consigliati',
    approvedTotal: 'Totale dei lavori approvati',
    completedBy: 'Completata da {{name}} il {{date}}',
    noRecommendations: 'Nessun lavoro consigliato',
    page: 'Pagina {{n}} di {{total}}',
  },
  pt: {
    title: 'Inspeção multiponto (MPI)',
    repairOrder: 'Ordem de reparação',
    customer: 'Cliente',
    vehicle: 'Veículo',
    vin: 'Número de chassis (VIN)',
    mileage: 'Quilometragem',
    advisor: 'Consultor de serviço',
    technician: 'Técnico',
    na: 'Não aplicável',
    green: 'OK',
    yellow: 'Precisa de atenção em breve',
    red: 'Precisa de atenção imediata',
    unset: 'Não verificado',
    comment: 'Comentário',
    damageDetails: 'Detalhes dos danos',
    photos: 'Fotografias',
    videos: 'Vídeos (veja-os na inspeção online)',
    recommendations: 'Trabalhos recomendados',
    item: 'Item',
    work: 'Trabalho',
    estimate: 'Orçamento',
    decision: 'Decisão',
    approved: 'Aprovado',
    declined: 'Recusado',
    undecided: 'Por decidir',
    total: 'Total dos trabalhos recomendados',
    approvedTotal: 'Total dos trabalhos aprovados',
    completedBy: 'Concluída por {{name}} em {{date}}',
    noRecommendations: 'Sem trabalhos recomendados',
    page: 'Página {{n}} de {{total}}',
  },
  sv: {
    title: 'Flerpunktsinspektion (MPI)',
    repairOrder: 'Arbetsorder',
    customer: 'Kund',
    vehicle: 'Fordon',
    vin: 'Chassinummer (VIN)',
    mileage: 'Mätarställning',
    advisor: 'Servicerådgivare',
    technician: 'Tekniker',
    na: 'Ej tillämpligt',
    green: 'OK',
    yellow: 'Behöver åtgärdas snart',
    red: 'Behöver åtgärdas nu',
    unset: 'Ej kontrollerad',
    comment: 'Kommentar',
    damageDetails: 'Skadeinformation',
    photos: 'Foton',
    videos: 'Videor (se dem i onlineinspektionen)',
    recommendations: 'Rekommenderat arbete',
    item: 'Kontrollpunkt',
    work: 'Arbete',
    estimate: 'Kostnadsförslag',
    decision: 'Beslut',
    approved: 'Godkänt',
    declined: 'Avböjt',
    undecided: 'Ej beslutat',
    total: 'Summa rekommenderat arbete',
    approvedTotal: 'Summa godkänt arbete',
    completedBy: 'Slutförd av {{name}} den {{date}}',
    noRecommendations: 'Inget rekommenderat arbete',
    page: 'Sida {{n}} av {{total}}',
  },
};

/** The PDF's language for a locale name (the customer's or the location's); anything else reads en-us. */
export function pdfLocale(value: string | null | undefined): Exclude<Locale, 'debug'> {
  return value && isLocale(value) && value !== 'debug' ? value : (DEFAULT_LOCALE as Exclude<Locale, 'debug'>);
}

export function pdfTexts(locale: string | null | undefined): PdfTexts {
  return catalogue[pdfLocale(locale)];
}

/** One text with its placeholders filled in. */
export function pdfText(texts: PdfTexts, key: keyof PdfTexts, vars: Record<string, string> = {}): string {
  return texts[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
}
