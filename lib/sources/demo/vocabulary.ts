// Names and docket texts the demo source builds its cases from: fictional, varied, and worded the way
// court clerks word entries, so the shared normalization (filing types, party types) is exercised.

export const COMPANIES = [
  "Alder Creek Holdings LLC", "Bramblewood Foods, Inc.", "Cobalt Harbor Shipping Co.", "Dunmore Analytics Corp.",
  "Evergrain Mills LLC", "Foxglove Pharmaceuticals, Inc.", "Granite Peak Insurance Co.", "Halcyon Robotics Inc.",
  "Ironbridge Capital Partners LP", "Juniper Ridge Apparel LLC", "Kestrel Aviation Services, Inc.", "Lanternfish Media LLC",
  "Marigold Health Systems, Inc.", "Northgate Logistics Corp.", "Orchard Lane Builders LLC", "Pinecrest Telecom, Inc.",
  "Quarry Hill Energy LLC", "Redwater Textiles Corp.", "Silverline Payments, Inc.", "Tidewater Marine Supply LLC",
] as const;

export const PEOPLE = [
  "Avery J. Holloway", "Bianca R. Okonkwo", "Caleb M. Thornbury", "Delia S. Marchetti", "Emeka T. Adeyemi",
  "Frances L. Whitcomb", "Gideon P. Vasquez", "Harriet N. Lindqvist", "Isaac D. Brennan", "Josephine K. Tran",
  "Kofi A. Mensah", "Lorena E. Castillo", "Malcolm B. Ferris", "Nadia V. Petrova", "Oscar W. Delgado",
  "Priscilla H. Yoon", "Quentin R. Albright", "Rosalind C. Achebe", "Silas F. Moreau", "Tamsin G. O'Rourke",
] as const;

export const FRENCH_COMPANIES = [
  "Boulangerie Laurentienne inc.", "Construction Val-des-Bois ltée", "Transports Rive-Sud inc.", "Érablière Saint-Ours inc.",
  "Services informatiques Beaupré inc.", "Groupe immobilier Maisonneuve inc.", "Pêcheries de la Côte-Nord ltée", "Vignoble des Cantons inc.",
] as const;

export const FRENCH_PEOPLE = [
  "Amélie Tremblay", "Benoît Gagnon", "Chloé Bouchard", "Denis Lavoie", "Élise Côté", "François Pelletier", "Geneviève Roy", "Hugo Bélanger",
] as const;

export const FIRMS = [
  "Ashford & Kline LLP", "Bellweather Stone PC", "Carrow Dunn LLP", "Delacroix Patel LLP", "Ellery Voss & Mott",
  "Fairbanks Nakamura LLP", "Greer Halvorsen PLLC", "Hollis Adair LLP",
] as const;

export const JUDGES = [
  "Hon. Margaret E. Ashworth", "Hon. Daniel K. Oyelaran", "Hon. Priya S. Venkataraman", "Hon. Thomas R. Calloway",
  "Hon. Lucia M. Ferrante", "Hon. Walter J. Brightman", "Hon. Ingrid A. Solberg", "Hon. Marcus L. Whitaker",
] as const;

export const NATURE = {
  civil: ["Contract: Other", "Securities/Commodities", "Patent", "Antitrust", "Civil Rights: Employment", "Insurance", "Trademark"],
  criminal: ["Fraud", "Narcotics", "Firearms", "Tax"],
  bankruptcy: ["Chapter 11 Voluntary", "Chapter 7 Voluntary", "Chapter 13 Voluntary"],
  appellate: ["Civil Private", "Criminal", "Agency Review"],
  state: ["Commercial: Contract", "Torts: Other Negligence", "Real Property", "Commercial Division"],
  canada: ["Judicial review", "Immigration", "Intellectual property", "Admiralty"],
  quebec: ["Contrat d'entreprise", "Responsabilité civile", "Recours collectif"],
} as const;

/** Routine activity, English: {a} filer, {b} the other side, {d} a date. */
export const ROUTINE = [
  "MOTION to Compel Discovery by {a}. (Attachments: # 1 Memorandum of Law, # 2 Declaration)",
  "ORDER granting {a}'s Letter Motion for an extension of time. So Ordered.",
  "NOTICE of Appearance by counsel on behalf of {a}.",
  "STIPULATION and [Proposed] Order extending the time to answer, filed by {a} and {b}.",
  "MEMORANDUM OF LAW in Opposition re: Motion to Dismiss, filed by {b}.",
  "Minute Entry for proceedings held: Status Conference held on {d}.",
  "SUBPOENA to Produce Documents served on a non-party by {a}.",
  "LETTER addressed to the Court from counsel for {b} regarding the discovery schedule.",
  "SCHEDULING ORDER: fact discovery to be completed by {d}.",
  "REPLY MEMORANDUM in Support of Motion for Protective Order, filed by {a}.",
  "CERTIFICATE OF SERVICE of documents filed on {d}, by {a}.",
  "NOTICE of Hearing on Motion set for {d}.",
  "Transcript of proceedings held on {d}.",
] as const;

export const ROUTINE_FRENCH = [
  "Demande de prolongation de délai présentée par {a}.",
  "Ordonnance de gestion rendue; prochaine conférence le {d}.",
  "Avis de comparution déposé pour {a}.",
  "Protocole de l'instance modifié convenu entre {a} et {b}.",
  "Plan d'argumentation déposé par {b}.",
  "Audience tenue; jugement en délibéré.",
  "Déclaration sous serment déposée par {a}.",
] as const;

/** Routine activity of bilingual courts: [English, French]. */
export const ROUTINE_BILINGUAL = [
  ["Motion record filed by {a} for an extension of time.", "Dossier de requête déposé par {a} pour une prorogation de délai."],
  ["Order: the hearing is adjourned to {d}.", "Ordonnance : l'audience est ajournée au {d}."],
  ["Notice of appearance filed on behalf of {b}.", "Avis de comparution déposé au nom de {b}."],
  ["Memorandum of fact and law filed by {b}.", "Mémoire des faits et du droit déposé par {b}."],
  ["Hearing held; judgment reserved.", "Audience tenue; jugement en délibéré."],
  ["Affidavit of service filed by {a}.", "Affidavit de signification déposé par {a}."],
] as const;
