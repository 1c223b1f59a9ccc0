// Complaint handlers: the codes, and the delivery complaints of the reader's own paper
// subscription (/tilbakemelding). The rules are domain/complaints/complaints.ts; a subscription of
// another account is not found (404).
import type { FastifyRequest } from 'fastify';

import {
  complaintOverview,
  type ComplaintDeps,
  fileComplaint,
  listComplaintCodes,
} from '../domain/complaints/complaints';
import type { Handlers } from '../http/operations';
import { ProblemError } from '../http/problem';
import { requireSession } from '../http/security';

/** The session user's account: without one, no subscription of theirs exists. */
async function sessionAccountNo(request: FastifyRequest): Promise<string> {
  const session = await requireSession(request);
  if (!session.account) {
    throw new ProblemError(404, 'SUBSCRIPTION_NOT_FOUND', 'Not Found', 'No such subscription');
  }
  return session.account.ariaAccountNo;
}

const depsOf = (request: FastifyRequest): ComplaintDeps => {
  const { db, clock, complaintWindowDays } = request.server.services;
  return { db, clock, windowDays: complaintWindowDays };
};

export const handlers: Handlers = {
  async getComplaintCodes(request) {
    return { complaintCodes: await listComplaintCodes(request.server.services.db) };
  },

  async getComplaints(request) {
    const overview = await complaintOverview(
      depsOf(request),
      await sessionAccountNo(request),
      request.params.subscriptionNo,
    );
    return { ...overview, complaints: overview.complaints.map(complaintBody) };
  },

  async fileComplaint(request, reply) {
    const session = await requireSession(request);
    const { dates, code, comment } = request.body;
    const receipt = await fileComplaint(
      depsOf(request),
      { ariaAccountNo: await sessionAccountNo(request), identity: session.claims },
      request.params.subscriptionNo,
      { dates, code, comment },
    );
    return reply.code(201).send({ ...receipt, complaint: complaintBody(receipt.complaint) });
  },
};

function complaintBody(complaint: {
  readonly reference: string;
  readonly filedAt: string;
  readonly dates: readonly string[];
  readonly code: string;
  readonly description: string;
  readonly comment: string | null;
}) {
  return { ...complaint, dates: [...complaint.dates] };
}
