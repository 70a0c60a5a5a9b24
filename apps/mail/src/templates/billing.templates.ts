import type { TLang, TPaidPlanCode } from '@ferry/contracts';
import type { MailTemplate } from '../domain/mail.types';

const PLAN_NAMES: Record<TPaidPlanCode, Record<TLang, string>> = {
  PM: { en: 'Personal monthly', zh: '个人版（月付）' },
  PY: { en: 'Personal yearly', zh: '个人版（年付）' },
  PRM: { en: 'Pro monthly', zh: '专业版（月付）' },
  PRY: { en: 'Pro yearly', zh: '专业版（年付）' },
  BM: { en: 'Business monthly', zh: '商务版（月付）' },
  BY: { en: 'Business yearly', zh: '商务版（年付）' },
};

export const planName = (code: TPaidPlanCode, lang: TLang): string => PLAN_NAMES[code][lang];

/** An amount in the currency's smallest unit (cents), as the reader writes money: $29.00, US$29.00. */
export function mailMoney(amount: number, currency: string, lang: TLang): string {
  return new Intl.NumberFormat(lang === 'zh' ? 'zh-CN' : 'en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** A day, in UTC (mails have no time zone to go by). */
export function mailDay(epochMs: number, lang: TLang): string {
  return new Intl.DateTimeFormat(lang === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(epochMs));
}

export interface TrialEndingVars {
  plan: string;
  trialEnd: string;
  amount: string;
  link: string;
}

export const trialEndingTemplate: MailTemplate<TrialEndingVars> = {
  en: (v) => ({
    subject: 'Your Ferry trial ends in 2 days',
    preheader: `Your ${v.plan} trial ends on ${v.trialEnd}.`,
    blocks: [
      { type: 'heading', text: 'Your trial ends in 2 days' },
      { type: 'paragraph', text: `Your free trial of Ferry ${v.plan} ends on ${v.trialEnd}. Then your card is charged ${v.amount} and your plan continues without a break.` },
      { type: 'paragraph', text: 'To change your plan, replace your card or cancel before you are charged, open the billing tab.' },
      { type: 'button', label: 'Manage billing', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
    ],
  }),
  zh: (v) => ({
    subject: '您的 Ferry 试用将在 2 天后结束',
    preheader: `您的${v.plan}试用将于 ${v.trialEnd} 结束。`,
    blocks: [
      { type: 'heading', text: '您的试用将在 2 天后结束' },
      { type: 'paragraph', text: `您的 Ferry ${v.plan}免费试用将于 ${v.trialEnd} 结束。届时将从您的银行卡扣款 ${v.amount}，套餐不间断继续。` },
      { type: 'paragraph', text: '如需更换套餐、更换银行卡或在扣款前取消，请打开账单页面。' },
      { type: 'button', label: '管理账单', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
    ],
  }),
};

export interface InvoiceVars {
  plan: string;
  amount: string;
  number: string;
  periodStart: string;
  periodEnd: string;
  link: string;
}

export const paymentFailedTemplate: MailTemplate<InvoiceVars> = {
  en: (v) => ({
    subject: 'Your Ferry payment failed',
    preheader: `We could not charge ${v.amount} for ${v.plan}. Update your card to keep your plan.`,
    blocks: [
      { type: 'heading', text: 'Your payment failed' },
      { type: 'paragraph', text: `We could not charge your card ${v.amount} for Ferry ${v.plan} (invoice ${v.number}, ${v.periodStart} – ${v.periodEnd}).` },
      { type: 'paragraph', text: "Until it is paid, your account is limited to the free plan. Add a card that works and we'll charge it at once." },
      { type: 'button', label: 'Update your card', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
    ],
  }),
  zh: (v) => ({
    subject: '您的 Ferry 付款失败',
    preheader: `我们未能为${v.plan}扣款 ${v.amount}。请更新银行卡以保留您的套餐。`,
    blocks: [
      { type: 'heading', text: '付款失败' },
      { type: 'paragraph', text: `我们未能从您的银行卡扣款 ${v.amount}，用于 Ferry ${v.plan}（账单 ${v.number}，${v.periodStart} – ${v.periodEnd}）。` },
      { type: 'paragraph', text: '付款完成前，您的账户仅可使用免费套餐的额度。添加一张可用的银行卡后，我们将立即扣款。' },
      { type: 'button', label: '更新银行卡', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
    ],
  }),
};

export const receiptTemplate: MailTemplate<InvoiceVars> = {
  en: (v) => ({
    subject: `Your Ferry receipt ${v.number}`,
    preheader: `${v.amount} paid for ${v.plan}.`,
    blocks: [
      { type: 'heading', text: 'Thank you for your payment' },
      { type: 'paragraph', text: `Invoice: ${v.number}` },
      { type: 'paragraph', text: `Plan: Ferry ${v.plan}` },
      { type: 'paragraph', text: `Period: ${v.periodStart} – ${v.periodEnd}` },
      { type: 'paragraph', text: `Amount paid: ${v.amount}` },
      { type: 'button', label: 'View invoices', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
    ],
  }),
  zh: (v) => ({
    subject: `您的 Ferry 付款收据 ${v.number}`,
    preheader: `已为${v.plan}支付 ${v.amount}。`,
    blocks: [
      { type: 'heading', text: '感谢您的付款' },
      { type: 'paragraph', text: `账单编号：${v.number}` },
      { type: 'paragraph', text: `套餐：Ferry ${v.plan}` },
      { type: 'paragraph', text: `计费周期：${v.periodStart} – ${v.periodEnd}` },
      { type: 'paragraph', text: `支付金额：${v.amount}` },
      { type: 'button', label: '查看账单', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
    ],
  }),
};

export interface CanceledVars {
  plan: string;
  endedAt: string;
  link: string;
}

export const subscriptionCanceledTemplate: MailTemplate<CanceledVars> = {
  en: (v) => ({
    subject: 'Your Ferry subscription has ended',
    preheader: `Ferry ${v.plan} ended on ${v.endedAt}.`,
    blocks: [
      { type: 'heading', text: 'Your subscription has ended' },
      { type: 'paragraph', text: `As you asked, your Ferry ${v.plan} subscription ended on ${v.endedAt}. You will not be charged again.` },
      { type: 'paragraph', text: 'Your account stays open on the free plan. You can choose a plan again at any time.' },
      { type: 'button', label: 'Choose a plan', href: v.link },
      { type: 'link', label: "If the button doesn't work, copy this link into your browser:", href: v.link },
    ],
  }),
  zh: (v) => ({
    subject: '您的 Ferry 订阅已结束',
    preheader: `Ferry ${v.plan}已于 ${v.endedAt} 结束。`,
    blocks: [
      { type: 'heading', text: '您的订阅已结束' },
      { type: 'paragraph', text: `按照您的要求，您的 Ferry ${v.plan}订阅已于 ${v.endedAt} 结束，今后不会再扣款。` },
      { type: 'paragraph', text: '您的账户将继续使用免费套餐，您可以随时重新选择套餐。' },
      { type: 'button', label: '选择套餐', href: v.link },
      { type: 'link', label: '如果按钮无法打开，请将以下链接复制到浏览器中：', href: v.link },
    ],
  }),
};
