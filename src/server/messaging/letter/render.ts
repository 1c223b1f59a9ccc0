// A letter made ready for the outbox: the text part (letter.ts) and the HTML part (Letter.tsx),
// written from the same blocks so the two always say the same.
import { render } from '@react-email/render';
import { createElement } from 'react';

import type { MessageSender } from '../outbox';
import type { Email } from '../wording';

import { LetterHtml } from './Letter';
import { letterText, type Letter } from './letter';

export interface RenderedLetter extends Email {
  readonly html: string;
}

export async function renderLetter(letter: Letter): Promise<RenderedLetter> {
  return {
    subject: letter.subject,
    body: letterText(letter),
    html: await render(createElement(LetterHtml, { letter })),
  };
}

/** Renders the letter and hands both parts to the sender (the outbox, in the caller's transaction). */
export async function sendLetter(sender: MessageSender, to: string, letter: Letter): Promise<void> {
  const email = await renderLetter(letter);
  await sender.sendEmail(to, email.subject, email.body, email.html);
}
