import { afterAll, beforeAll, expect, it } from '@jest/globals';

import { createTestApp, type TestApp } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

it('lists the delivery complaint codes in form order', async () => {
  const response = await t.app.inject({ url: '/api/complaintcodes' });
  expect(response.statusCode).toBe(200);
  const { complaintCodes } = response.json() as { complaintCodes: { code: string }[] };
  expect(complaintCodes.length).toBeGreaterThanOrEqual(5);
  expect(complaintCodes[0]).toEqual({
    code: 'UTEBLITT',
    description: 'Avisen kom ikke',
    category: 'delivery',
  });
  expect(new Set(complaintCodes.map((c) => c.code)).size).toBe(complaintCodes.length);
});
