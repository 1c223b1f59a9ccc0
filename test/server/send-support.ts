// Two sends with one Idempotency-Key at once (domain/sendKeys.ts): a message port whose sends wait
// at a gate, so the first send's transaction is still open when the second arrives.
import type { MessageSender } from '../../src/server/messaging/outbox';

export interface HeldSends {
  readonly sender: MessageSender;
  /** The recipients of the sends so far, each counted when it starts. */
  readonly sent: readonly string[];
}

/**
 * Runs `send` twice: the second starts while the first waits at the gate inside its transaction;
 * then the gate opens. Answers both results and the sends that were made.
 */
export async function twoSendsAtOnce<T>(
  send: (sender: MessageSender) => Promise<T>,
): Promise<{ readonly answers: [T, T]; readonly sent: readonly string[] }> {
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const sent: string[] = [];
  const hold = async (to: string) => {
    sent.push(to);
    await gate;
  };
  const sender: MessageSender = { sendSms: hold, sendEmail: hold };
  const first = send(sender);
  for (let i = 0; i < 400 && sent.length === 0; i++)
    await new Promise((resolve) => setTimeout(resolve, 5));
  if (sent.length === 0) throw new Error('The first send never started');
  const second = send(sender);
  await new Promise((resolve) => setTimeout(resolve, 50));
  open();
  return { answers: await Promise.all([first, second]), sent };
}
