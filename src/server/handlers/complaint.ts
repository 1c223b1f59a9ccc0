// Complaint handlers.
import { listComplaintCodes } from '../domain/complaints/complaints';
import type { OperationHandler } from '../http/contract';

export const handlers: Record<string, OperationHandler> = {
  async getComplaintCodes(request) {
    return { complaintCodes: await listComplaintCodes(request.server.services.db) };
  },
};
