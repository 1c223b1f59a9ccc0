// The two student campaigns of requirements §2 (/student … /student-kvittering, and the same routes with
// 2): one flow, each campaign a period of the title's student plan from the catalogue, with its
// own texts (locales, student.campaign.<id>). Pupils (/elev-verifisering) buy the first.
import type { Period } from '../subscription/plans';

export type StudentCampaign = 'student' | 'student2';

export interface CampaignRoutes {
  readonly period: Period;
  readonly info: string;
  readonly verification: string;
  readonly receipt: string;
}

export const studentCampaigns: Readonly<Record<StudentCampaign, CampaignRoutes>> = {
  student: {
    period: 'Månedlig',
    info: '/student',
    verification: '/student-verifisering',
    receipt: '/student-kvittering',
  },
  student2: {
    period: 'Årlig',
    info: '/student2',
    verification: '/student-verifisering2',
    receipt: '/student-kvittering2',
  },
};

/** The campaign a student plan's period is sold in (the receipt of an order of it). */
export function campaignOfPeriod(period: string): StudentCampaign {
  return period === studentCampaigns.student2.period ? 'student2' : 'student';
}
