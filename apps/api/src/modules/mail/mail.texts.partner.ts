import type { MailTexts } from "./mail.texts";

/**
 * The tier e-mails' words for B2B partner tiers (decision 0177): the same events, switches,
 * subjects a merchant wrote and buttons as VIP's, but a company member reads of their business's
 * partner tier where a VIP member reads of their membership. Only the parts that differ are here;
 * the button comes from the VIP e-mail. Same languages as the shipped e-mails.
 */
export type PartnerTierEvent = "tier_up" | "tier_down" | "tier_demotion_notice";
export const partnerTierEvents: readonly PartnerTierEvent[] = [
  "tier_up",
  "tier_down",
  "tier_demotion_notice",
];

type PartnerTexts = Pick<MailTexts, "subject" | "heading" | "body">;
type PartnerCatalogue = Record<PartnerTierEvent, PartnerTexts>;

export const partnerCatalogues: Record<string, PartnerCatalogue> = {
  en: {
    tier_up: {
      subject: "Your business reached {{tier}} at {{shop}}",
      heading: "Welcome to {{tier}}",
      body: "Congratulations: your business's partner tier at {{shop}} is now {{tier}}, with new partner privileges.",
    },
    tier_down: {
      subject: "Your partner tier at {{shop}} changed",
      heading: "Your partner tier is now {{tier}}",
      body: "Your business's partner tier changed to {{tier}}. Order again to climb back up.",
    },
    tier_demotion_notice: {
      subject: "Keep your partner tier {{tier}} at {{shop}}",
      heading: "Your partner tier {{tier}} ends in {{days}} days",
      body: "Place an order within {{days}} days to keep your partner tier {{tier}} and its privileges.",
    },
  },
  de: {
    tier_up: {
      subject: "Ihr Unternehmen hat {{tier}} bei {{shop}} erreicht",
      heading: "Willkommen bei {{tier}}",
      body: "Herzlichen Glückwunsch: Die Partnerstufe Ihres Unternehmens bei {{shop}} ist jetzt {{tier}}, mit neuen Partnervorteilen.",
    },
    tier_down: {
      subject: "Ihre Partnerstufe bei {{shop}} hat sich geändert",
      heading: "Ihre Partnerstufe ist jetzt {{tier}}",
      body: "Die Partnerstufe Ihres Unternehmens ist jetzt {{tier}}. Bestellen Sie wieder, um aufzusteigen.",
    },
    tier_demotion_notice: {
      subject: "Behalten Sie Ihre Partnerstufe {{tier}} bei {{shop}}",
      heading: "Ihre Partnerstufe {{tier}} endet in {{days}} Tagen",
      body: "Bestellen Sie innerhalb von {{days}} Tagen, um Ihre Partnerstufe {{tier}} und ihre Vorteile zu behalten.",
    },
  },
  fr: {
    tier_up: {
      subject: "Votre entreprise a atteint {{tier}} chez {{shop}}",
      heading: "Bienvenue au niveau {{tier}}",
      body: "Félicitations : le niveau partenaire de votre entreprise chez {{shop}} est désormais {{tier}}, avec de nouveaux avantages partenaires.",
    },
    tier_down: {
      subject: "Votre niveau partenaire chez {{shop}} a changé",
      heading: "Votre niveau partenaire est maintenant {{tier}}",
      body: "Le niveau partenaire de votre entreprise est passé à {{tier}}. Commandez à nouveau pour remonter.",
    },
    tier_demotion_notice: {
      subject: "Conservez votre niveau partenaire {{tier}} chez {{shop}}",
      heading: "Votre niveau partenaire {{tier}} prend fin dans {{days}} jours",
      body: "Passez commande dans les {{days}} jours pour conserver votre niveau partenaire {{tier}} et ses avantages.",
    },
  },
  es: {
    tier_up: {
      subject: "Tu empresa alcanzó {{tier}} en {{shop}}",
      heading: "Bienvenido a {{tier}}",
      body: "Enhorabuena: el nivel de socio de tu empresa en {{shop}} es ahora {{tier}}, con nuevos privilegios de socio.",
    },
    tier_down: {
      subject: "Tu nivel de socio en {{shop}} ha cambiado",
      heading: "Tu nivel de socio es ahora {{tier}}",
      body: "El nivel de socio de tu empresa ha cambiado a {{tier}}. Vuelve a pedir para subir de nuevo.",
    },
    tier_demotion_notice: {
      subject: "Mantén tu nivel de socio {{tier}} en {{shop}}",
      heading: "Tu nivel de socio {{tier}} termina en {{days}} días",
      body: "Haz un pedido en los próximos {{days}} días para mantener tu nivel de socio {{tier}} y sus privilegios.",
    },
  },
  it: {
    tier_up: {
      subject: "La tua azienda ha raggiunto {{tier}} da {{shop}}",
      heading: "Benvenuto in {{tier}}",
      body: "Congratulazioni: il livello partner della tua azienda da {{shop}} ora è {{tier}}, con nuovi privilegi da partner.",
    },
    tier_down: {
      subject: "Il tuo livello partner da {{shop}} è cambiato",
      heading: "Il tuo livello partner ora è {{tier}}",
      body: "Il livello partner della tua azienda è passato a {{tier}}. Ordina di nuovo per risalire.",
    },
    tier_demotion_notice: {
      subject: "Mantieni il tuo livello partner {{tier}} da {{shop}}",
      heading: "Il tuo livello partner {{tier}} termina tra {{days}} giorni",
      body: "Effettua un ordine entro {{days}} giorni per mantenere il livello partner {{tier}} e i suoi privilegi.",
    },
  },
  nl: {
    tier_up: {
      subject: "Je bedrijf heeft {{tier}} bereikt bij {{shop}}",
      heading: "Welkom bij {{tier}}",
      body: "Gefeliciteerd: het partnerniveau van je bedrijf bij {{shop}} is nu {{tier}}, met nieuwe partnervoordelen.",
    },
    tier_down: {
      subject: "Je partnerniveau bij {{shop}} is gewijzigd",
      heading: "Je partnerniveau is nu {{tier}}",
      body: "Het partnerniveau van je bedrijf is gewijzigd naar {{tier}}. Bestel opnieuw om weer te stijgen.",
    },
    tier_demotion_notice: {
      subject: "Behoud je partnerniveau {{tier}} bij {{shop}}",
      heading: "Je partnerniveau {{tier}} eindigt over {{days}} dagen",
      body: "Plaats binnen {{days}} dagen een bestelling om je partnerniveau {{tier}} en de voordelen ervan te behouden.",
    },
  },
  pt: {
    tier_up: {
      subject: "Sua empresa alcançou {{tier}} na {{shop}}",
      heading: "Bem-vindo ao {{tier}}",
      body: "Parabéns: o nível de parceiro da sua empresa na {{shop}} agora é {{tier}}, com novos privilégios de parceiro.",
    },
    tier_down: {
      subject: "Seu nível de parceiro na {{shop}} mudou",
      heading: "Seu nível de parceiro agora é {{tier}}",
      body: "O nível de parceiro da sua empresa mudou para {{tier}}. Faça um novo pedido para subir de volta.",
    },
    tier_demotion_notice: {
      subject: "Mantenha seu nível de parceiro {{tier}} na {{shop}}",
      heading: "Seu nível de parceiro {{tier}} termina em {{days}} dias",
      body: "Faça um pedido em até {{days}} dias para manter seu nível de parceiro {{tier}} e seus privilégios.",
    },
  },
  ja: {
    tier_up: {
      subject: "貴社は{{shop}}で{{tier}}に到達しました",
      heading: "{{tier}}へようこそ",
      body: "おめでとうございます。{{shop}}での貴社のパートナーランクが{{tier}}になり、新しいパートナー特典をご利用いただけます。",
    },
    tier_down: {
      subject: "{{shop}}のパートナーランクが変わりました",
      heading: "現在のパートナーランクは{{tier}}です",
      body: "貴社のパートナーランクが{{tier}}に変わりました。ご注文いただくとランクを取り戻せます。",
    },
    tier_demotion_notice: {
      subject: "{{shop}}のパートナーランク{{tier}}を維持しましょう",
      heading: "パートナーランク{{tier}}はあと{{days}}日で終了します",
      body: "{{days}}日以内にご注文いただくと、パートナーランク{{tier}}とその特典を維持できます。",
    },
  },
  id: {
    tier_up: {
      subject: "Bisnis Anda mencapai {{tier}} di {{shop}}",
      heading: "Selamat datang di {{tier}}",
      body: "Selamat: tingkat mitra bisnis Anda di {{shop}} kini {{tier}}, dengan hak istimewa mitra yang baru.",
    },
    tier_down: {
      subject: "Tingkat mitra Anda di {{shop}} berubah",
      heading: "Tingkat mitra Anda kini {{tier}}",
      body: "Tingkat mitra bisnis Anda berubah menjadi {{tier}}. Pesan lagi untuk naik kembali.",
    },
    tier_demotion_notice: {
      subject: "Pertahankan tingkat mitra {{tier}} Anda di {{shop}}",
      heading: "Tingkat mitra {{tier}} Anda berakhir dalam {{days}} hari",
      body: "Lakukan pemesanan dalam {{days}} hari untuk mempertahankan tingkat mitra {{tier}} dan hak istimewanya.",
    },
  },
};

export function isPartnerTierEvent(event: string): event is PartnerTierEvent {
  return (partnerTierEvents as readonly string[]).includes(event);
}
