import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../helpers.ts';
import { startServerProcess } from '../process.ts';
import { formPost, get, outbox, PASSWORD, solveSlider } from './helpers.ts';

describe('dev outbox and production mode', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shows the captcha solution and the codes, newest first, outside production', async () => {
    const t = await buildTestApp();
    try {
      await solveSlider(t, 'REGISTER', '900000001');
      const verifyToken = await solveSlider(t, 'REGISTER', '900000002');
      await formPost(t, '/uc/mobile/code', { country: 'KH', phone: '900000002', verifyToken });
      const entries = await outbox(t);
      expect(entries.map((e) => [e.channel, e.destination, e.purpose])).toEqual([
        ['sms', '+855 900000002', 'REGISTER'],
        ['captcha', '900000002', 'REGISTER'],
        ['captcha', '900000001', 'REGISTER'],
      ]);
      expect(entries[0]?.code).toMatch(/^\d{6}$/);
      expect(Number(entries[1]?.code)).toBeGreaterThan(0);
      expect(Number(entries[1]?.code)).toBeLessThan(1);
    } finally {
      await t.close();
    }
  });

  it('has no outbox and no dev review in production mode', async () => {
    const t = await buildTestApp({ production: true });
    try {
      expect((await get(t, '/dev/outbox')).statusCode).toBe(404);
      expect((await formPost(t, '/dev/kyc/review', { uid: '1', approve: 'true' })).statusCode).toBe(404);
      // The captcha still works; its solution goes nowhere.
      expect((await formPost(t, '/uc/verify/captcha', { type: 'REGISTER', target: 'x' })).json().code).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('sends through a configured gateway, and says so when the gateway is down', async () => {
    const received: unknown[] = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const address = gateway.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const t = await buildTestApp({
      emailSenderUrl: `http://127.0.0.1:${address.port}/mail`,
      smsSenderUrl: 'http://127.0.0.1:9/sms',
    });
    try {
      // Public sends answer first and deliver after, so a gateway's speed says nothing about the account.
      const verifyToken = await solveSlider(t, 'REGISTER', 'gw@example.com');
      expect((await formPost(t, '/uc/reg/email/code', { email: 'gw@example.com', verifyToken })).json().code).toBe(0);
      await vi.waitFor(() =>
        expect(received).toEqual([
          expect.objectContaining({ channel: 'email', destination: 'gw@example.com', purpose: 'REGISTER' }),
        ]),
      );
      const smsToken = await solveSlider(t, 'REGISTER', '900000003');
      const publicDown = await formPost(t, '/uc/mobile/code', {
        country: 'VN',
        phone: '900000003',
        verifyToken: smsToken,
      });
      expect(publicDown.json().code).toBe(0);
      // A signed-in send is told when its gateway is down.
      const code = (received[0] as { code: string }).code;
      const user = (
        await formPost(t, '/uc/register/email', { email: 'gw@example.com', code, password: PASSWORD })
      ).json();
      const down = await formPost(
        t,
        '/uc/approve/send/phone',
        { type: 'BIND', value: '900000004', country: 'VN' },
        { 'x-auth-token': user.data.token, lang: 'en_US' },
      );
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 4126, message: 'The code could not be sent, please try again later' });
    } finally {
      await t.close();
      gateway.close();
    }
  });

  it('refuses to start in production without code senders, and starts with them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tickstream-prod-'));
    dirs.push(dir);
    await expect(startServerProcess(dir, { NODE_ENV: 'production' })).rejects.toThrow(
      /exited with 2: tickstream: production mode needs a code sender: set SMS_SENDER_URL and EMAIL_SENDER_URL/,
    );
    const server = await startServerProcess(dir, {
      NODE_ENV: 'production',
      SMS_SENDER_URL: 'http://127.0.0.1:9/sms',
      EMAIL_SENDER_URL: 'http://127.0.0.1:9/mail',
    });
    try {
      const res = await fetch(`${server.url}/dev/outbox`);
      expect(res.status).toBe(404);
    } finally {
      await server.kill();
    }
  }, 60_000);
});
