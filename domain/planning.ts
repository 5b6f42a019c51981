/**
 * The planning answers as the browser reads them (server/planning/ builds them): the team
 * planning's month grid (spec §2 "team planning") and the attendees of the assignment popup
 * (spec §3 Contributor attendee).
 */
export interface TeamCell {
  serviceId: number;
  number: string;
  typePlanning: string;
}
export interface TeamRow {
  contactId: number;
  fullName: string;
  acronym: string;
  companyId?: number;
  companyName?: string;
  days: Record<string, TeamCell[]>;
}
export interface Option {
  value: string | number;
  label: string;
}
export interface TeamPlanning {
  from: string;
  to: string;
  days: string[];
  rows: TeamRow[];
  options: { companies: Option[]; countries: Option[]; contributors: Option[] };
}

/** Who may be put on a service, with what helps choose (GET /back/bo/pln/planning/attendees). */
export interface Attendee {
  TECH_ID: number;
  contactId: number;
  name: string;
  acronym: string;
  email?: string;
  pictureFileId?: number;
  companyId: number;
  userUniverseContributor: boolean;
  representative: boolean;
  leader: boolean;
  /** On the field of another service on one of the days checked (`busyDays` is not empty). */
  unavailable: boolean;
  /** The days checked the contact works on another service, with that service: the popup warns of a double booking. */
  busyDays: BusyDay[];
  lastPlace?: string;
  distanceFromLastPlace?: number;
  durationFromLastPlace?: number;
  distanceFromHome?: number;
  durationFromHome?: number;
}

export interface BusyDay {
  date: string;
  serviceId: number;
  number?: string;
}
