// The student and pupil offer's verification (requirements §7: student-email/,
// activate-student-subscription/, register-student/, activate-student/). The reader is the
// session's; outcomes are results in the body (domain/student/student.ts holds the rules).
import type { FastifyRequest } from 'fastify';

import { activateStudent, registerStudent, type StudentDeps } from '../domain/student/student';
import type { Handlers } from '../http/operations';
import { requireSession } from '../http/security';
import { normaliseTitleCode } from '../http/title-code';

const depsOf = (request: FastifyRequest): StudentDeps => {
  const { db, clock, student } = request.server.services;
  return { db, clock, config: student };
};

async function readerOf(request: FastifyRequest) {
  const session = await requireSession(request);
  return { spidId: session.spidId };
}

export const handlers: Handlers = {
  async registerStudentEmail(request) {
    const reader = await readerOf(request);
    const { email, titleCode } = request.body;
    return registerStudent(depsOf(request), reader, {
      email,
      titleCode: normaliseTitleCode(titleCode),
      kind: 'student',
      idempotencyKey: request.headers['idempotency-key'],
    });
  },

  async activateStudentSubscription(request) {
    const reader = await readerOf(request);
    const { email, code, titleCode } = request.body;
    return activateStudent(depsOf(request), reader, {
      email,
      code,
      titleCode: normaliseTitleCode(titleCode),
    });
  },

  async registerStudent(request) {
    const reader = await readerOf(request);
    const { email, institution, titleCode, kind } = request.body;
    return registerStudent(depsOf(request), reader, {
      email,
      institution,
      titleCode: normaliseTitleCode(titleCode),
      kind,
      idempotencyKey: request.headers['idempotency-key'],
    });
  },

  async activateStudent(request) {
    const reader = await readerOf(request);
    const { code, titleCode } = request.body;
    return activateStudent(depsOf(request), reader, {
      code,
      titleCode: normaliseTitleCode(titleCode),
    });
  },
};
