import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadMemberCenter, type MemberCenter } from '../api.ts';
import { AccountLayout } from '../security/account-nav.tsx';

/** The share of security factors in place (e-mail, phone, Google, transaction password), 0 to 4. */
export function securityLevel(
  m: Pick<MemberCenter, 'emailVerified' | 'phoneVerified' | 'googleStatus' | 'tradePasswordStatus'>,
): number {
  return [m.emailVerified, m.phoneVerified, m.googleStatus, m.tradePasswordStatus].filter((v) => v === 1).length;
}

/** /member: the personal centre. */
export function MemberPage() {
  const { t } = useTranslation();
  const [member, setMember] = useState<MemberCenter | null>(null);
  useEffect(() => {
    void loadMemberCenter().then((r) => {
      if (isSuccess(r.code) && r.data) setMember(r.data);
    });
  }, []);
  const m = member;
  const level = m ? securityLevel(m) : 0;
  return (
    <AccountLayout>
      <div className="acc-panel" data-testid="member">
        <h1 className="acc-title">{t('account.security.member.title')}</h1>
        {m ? (
          <dl className="acc-dl">
            <dt>{t('account.security.member.account')}</dt>
            <dd data-testid="member-username">{m.username}</dd>
            <dt>{t('account.security.member.uid')}</dt>
            <dd>{m.uid}</dd>
            <dt>{t('account.security.member.promotionCode')}</dt>
            <dd>{m.promotionCode}</dd>
            <dt>{t('account.security.member.registered')}</dt>
            <dd>{formatDateTime(m.createTime)}</dd>
            <dt>{t('account.security.member.lastLogin')}</dt>
            <dd>
              {formatDateTime(m.lastLoginTime)} {m.lastLoginIp ?? ''}
            </dd>
            <dt>{t('account.security.member.securityLevel')}</dt>
            <dd>
              <span className="acc-meter" title={`${level}/4`}>
                {[0, 1, 2, 3].map((i) => (
                  <i key={i} className={i < level ? 'on' : ''} />
                ))}
              </span>{' '}
              <Link href="/safety">{t('account.security.tabs.safety')}</Link>
            </dd>
            <dt>{t('account.security.member.kyc')}</dt>
            <dd>
              <Link href="/kyc">{t(`account.security.kyc.status.${String(m.kycStatus) as '0'}`)}</Link>
            </dd>
          </dl>
        ) : null}
      </div>
    </AccountLayout>
  );
}
