// The student and pupil e-mail rule (src/shared/student/institutions.ts) and its list
// (institutions.json): which addresses are a student's or a pupil's, and the list's own hygiene.
import { describe, expect, it } from '@jest/globals';

import {
  institutionOfEmail,
  institutionsOf,
  isStudentEmail,
} from '../../../src/shared/student/institutions';
import data from '../../../src/shared/student/institutions.json' with { type: 'json' };

describe('the student and pupil e-mail rule', () => {
  it.each([
    ['kari@student.uia.no', 'Universitetet i Agder'],
    ['kari@uia.no', 'Universitetet i Agder'],
    ['ola@stud.ntnu.no', 'NTNU Norges teknisk-naturvitenskapelige universitet'],
    ['ola@post.uit.no', 'UiT Norges arktiske universitet'],
    ['ola@uio.no', 'Universitetet i Oslo'],
  ])('takes %j as a student at %j', (email, name) => {
    expect(institutionOfEmail(email, 'student')?.name).toBe(name);
    expect(isStudentEmail(email, 'student')).toBe(true);
  });

  it.each([
    ['elev@skole.rogfk.no', 'Rogaland fylkeskommune (videregående skoler)'],
    ['elev@osloskolen.no', 'Oslo kommune (videregående skoler)'],
    ['elev@innlandetfylke.no', 'Innlandet fylkeskommune (videregående skoler)'],
  ])('takes %j as a pupil in %j', (email, name) => {
    expect(institutionOfEmail(email, 'pupil')?.name).toBe(name);
    expect(isStudentEmail(email, 'pupil')).toBe(true);
  });

  it.each([
    ['kari@fakeuia.no'],
    ['kari@uia.no.evil.com'],
    ['kari@uia.nothing.no'],
    ['kari@student-uia.no'],
    ['kari@gmail.com'],
  ])('refuses the look-alike %j', (email) => {
    expect(institutionOfEmail(email, 'student')).toBeNull();
    expect(isStudentEmail(email, 'student')).toBe(false);
  });

  it('compares the address trimmed and in lower case', () => {
    expect(institutionOfEmail('  Kari.Nordmann@Student.UiA.NO \n', 'student')?.name).toBe(
      'Universitetet i Agder',
    );
  });

  it.each([
    ['kari.student.uia.no'],
    ['kari@student@uia.no'],
    ['@student.uia.no'],
    ['  @uia.no'],
    ['kari@'],
    [''],
  ])('refuses the malformed %j', (email) => {
    expect(institutionOfEmail(email, 'student')).toBeNull();
  });

  it('does not take an address of the other kind', () => {
    expect(isStudentEmail('kari@student.uia.no', 'pupil')).toBe(false);
    expect(isStudentEmail('elev@skole.rogfk.no', 'student')).toBe(false);
    expect(isStudentEmail('elev@osloskolen.no', 'student')).toBe(false);
  });

  it('takes configured extra domains of that kind, named by the domain', () => {
    const extra = [' Skole.Example.no ', '@elev.example.org'];
    expect(institutionOfEmail('kari@skole.example.no', 'pupil', extra)).toEqual({
      name: 'skole.example.no',
      domains: ['skole.example.no'],
    });
    expect(institutionOfEmail('kari@x.elev.example.org', 'pupil', extra)?.name).toBe(
      'elev.example.org',
    );
    expect(isStudentEmail('kari@fakeskole.example.no', 'pupil', extra)).toBe(false);
    expect(isStudentEmail('kari@skole.example.no', 'student', [])).toBe(false);
    expect(isStudentEmail('kari@skole.example.no', 'pupil')).toBe(false);
  });

  it('lists extra domains after the known ones, without repeating a known domain', () => {
    const listed = institutionsOf('student');
    const withExtra = institutionsOf('student', ['uia.no', 'new.example.no', 'NEW.example.no']);
    expect(withExtra).toHaveLength(listed.length + 1);
    expect(withExtra.at(-1)).toEqual({ name: 'new.example.no', domains: ['new.example.no'] });
  });
});

describe('the list of institutions (institutions.json)', () => {
  const all = [...data.student, ...data.pupil].flatMap((institution) => institution.domains);

  it('says where it comes from and when it was checked', () => {
    expect(data.source.trim().length).toBeGreaterThan(20);
    expect(data.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('has institutions in both lists, each named and with a domain', () => {
    expect(institutionsOf('student').length).toBeGreaterThan(0);
    expect(institutionsOf('pupil').length).toBeGreaterThan(0);
    for (const institution of [...data.student, ...data.pupil]) {
      expect(institution.name.trim()).not.toBe('');
      expect(institution.domains.length).toBeGreaterThan(0);
    }
  });

  it('has no domain twice, in one list or across both', () => {
    expect(new Set(all).size).toBe(all.length);
  });

  it('has no domain under another listed domain (each address has one answer)', () => {
    const nested = all.filter((domain) => all.some((other) => domain.endsWith(`.${other}`)));
    expect(nested).toEqual([]);
  });

  it('has only plausible lower-case host names', () => {
    const host = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
    for (const domain of all) expect(domain).toMatch(host);
  });
});
