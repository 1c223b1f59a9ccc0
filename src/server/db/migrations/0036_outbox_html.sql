-- An e-mail may carry an HTML part beside its text (messaging/letter): the receipts and notices
-- about money are written once as a letter and kept as both. The relay sends the two as
-- multipart/alternative; SMS and the older text-only e-mails leave it null.
-- Owned by messaging/outbox.ts.
alter table outbox add column html text;
