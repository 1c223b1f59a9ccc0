// Complaint handlers.
import { listComplaintCodes } from '../domain/complaints/complaints';
import type { Handlers } from '../http/operations';

export const handlers: Handlers = {
  async getComplaintCodes(request) {
    return { complaintCodes: await listComplaintCodes(request.server.services.db) };
  },
};
