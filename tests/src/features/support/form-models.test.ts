import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS } from '../../../../src/features/support/chat-model.ts';
import { initialComposer, planSend, reduceComposer } from '../../../../src/features/support/composer-model.ts';
import { initialTicket, planPick, planTicket, reduceTicket } from '../../../../src/features/support/ticket-model.ts';

describe('new-ticket model (/feedback)', () => {
  const filled = reduceTicket(initialTicket(), {
    type: 'draft',
    patch: { category: 'deposit', title: '  Late  ', content: ' Where is it? ' },
  });

  it('names the first problem in the order of the fields', () => {
    expect(planTicket(initialTicket())).toMatchObject({ send: null, state: { problem: 'required.category' } });
    const noTitle = reduceTicket(filled, { type: 'draft', patch: { title: ' ' } });
    expect(planTicket(noTitle).state.problem).toBe('required.title');
  });

  it('refuses an image the server would refuse before uploading it', () => {
    expect(planPick(filled, { type: 'image/gif', size: 10 })).toMatchObject({
      upload: false,
      state: { problem: 'image' },
    });
    const started = planPick(filled, { type: 'image/png', size: 10 });
    expect(started).toMatchObject({ upload: true, state: { uploading: true, problem: null } });
    expect(planTicket(started.state).send).toBeNull();
  });

  it('sends the trimmed ticket with its image once, and starts over when it was taken', () => {
    const withImage = reduceTicket(planPick(filled, { type: 'image/png', size: 10 }).state, {
      type: 'uploaded',
      image: { id: 'img-1', preview: 'blob:1' },
    });
    const plan = planTicket(withImage);
    expect(plan.send).toEqual({ category: 'deposit', title: 'Late', content: 'Where is it?', imageId: 'img-1' });
    expect(planTicket(plan.state).send).toBeNull();
    expect(reduceTicket(plan.state, { type: 'done', ok: false })).toMatchObject({
      busy: false,
      image: { id: 'img-1' },
    });
    expect(reduceTicket(plan.state, { type: 'done', ok: true })).toEqual(initialTicket());
  });
});

describe('chat composer model', () => {
  it('shows nothing-to-send or too-long, and typing clears it', () => {
    expect(planSend(initialComposer()).state.error).toBe('empty');
    const long = reduceComposer(initialComposer(), { type: 'text', text: 'x'.repeat(MAX_MESSAGE_CHARS + 1) });
    const refused = planSend(long).state;
    expect(refused.error).toBe('tooLong');
    expect(reduceComposer(refused, { type: 'text', text: 'ok' }).error).toBeNull();
  });

  it('sends the trimmed text once and clears the box only when it was accepted', () => {
    const plan = planSend(reduceComposer(initialComposer(), { type: 'text', text: ' hi ' }));
    expect(plan.send).toBe('hi');
    expect(planSend(plan.state).send).toBeNull();
    expect(reduceComposer(plan.state, { type: 'sent', accepted: false })).toMatchObject({ text: ' hi ', busy: false });
    expect(reduceComposer(plan.state, { type: 'sent', accepted: true })).toMatchObject({ text: '', busy: false });
  });
});
