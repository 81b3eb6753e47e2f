import { describe, expect, it } from 'vitest';
import { createDelivery, Outbox, webhookSender } from '../../../server/account/delivery.ts';
import { assertSendersConfigured, ConfigError, loadConfig } from '../../../server/config.ts';

const silentLog = { info: () => {}, error: () => {} } as never;

describe('code delivery', () => {
  it('keeps the outbox newest first and bounded', () => {
    const outbox = new Outbox(3);
    for (let i = 0; i < 5; i++) {
      outbox.add({ channel: 'sms', destination: `d${i}`, purpose: 'REGISTER', code: String(i), note: null, time: i });
    }
    expect(outbox.list().map((e) => e.destination)).toEqual(['d4', 'd3', 'd2']);
  });

  it('writes to the outbox outside production and has none in production', async () => {
    const dev = createDelivery(loadConfig({}), silentLog, () => 7);
    await dev.send({ channel: 'email', destination: 'a@b.c', purpose: 'RESET', code: '123456', lang: 'en_US' });
    expect(dev.outbox?.list()).toEqual([
      { channel: 'email', destination: 'a@b.c', purpose: 'RESET', code: '123456', note: null, time: 7 },
    ]);
    const prod = createDelivery(
      loadConfig({
        NODE_ENV: 'production',
        SMS_SENDER_URL: 'https://sms.example',
        EMAIL_SENDER_URL: 'https://mail.example',
      }),
      silentLog,
      () => 7,
    );
    expect(prod.outbox).toBeNull();
  });

  it('posts to a configured gateway and reports its failures', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const fetchOk = (async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response('', { status: 200 });
    }) as typeof fetch;
    await webhookSender('https://sms.example/send', fetchOk).send({
      channel: 'sms',
      destination: '+84 912345678',
      purpose: 'REGISTER',
      code: '654321',
      lang: 'vi_VN',
    });
    expect(calls).toEqual([
      {
        url: 'https://sms.example/send',
        body: { channel: 'sms', destination: '+84 912345678', purpose: 'REGISTER', code: '654321', lang: 'vi_VN' },
      },
    ]);
    const fetchDown = (async () => new Response('', { status: 502 })) as unknown as typeof fetch;
    await expect(
      webhookSender('https://sms.example/send', fetchDown).send({
        channel: 'sms',
        destination: 'x',
        purpose: 'RESET',
        code: '1',
        lang: 'en_US',
      }),
    ).rejects.toThrow(/502/);
  });

  it('refuses production without both senders, and bad sender URLs', () => {
    expect(() => assertSendersConfigured(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      new ConfigError('production mode needs a code sender: set SMS_SENDER_URL and EMAIL_SENDER_URL'),
    );
    expect(() =>
      assertSendersConfigured(loadConfig({ NODE_ENV: 'production', SMS_SENDER_URL: 'https://sms.example' })),
    ).toThrow(/EMAIL_SENDER_URL/);
    expect(() =>
      assertSendersConfigured(
        loadConfig({
          NODE_ENV: 'production',
          SMS_SENDER_URL: 'https://a.example',
          EMAIL_SENDER_URL: 'https://b.example',
        }),
      ),
    ).not.toThrow();
    expect(() => assertSendersConfigured(loadConfig({}))).not.toThrow();
    expect(() => loadConfig({ SMS_SENDER_URL: 'ftp://x' })).toThrow(/SMS_SENDER_URL must be an http\(s\) URL/);
  });
});
