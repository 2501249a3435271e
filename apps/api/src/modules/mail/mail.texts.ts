import type { NotificationEvent } from "@laurel/domain";
import { moreCatalogues, moreChrome } from "./mail.texts.more-languages";
import { isPartnerTierEvent, partnerCatalogues } from "./mail.texts.partner";

/**
 * The shipped words of each e-mail, per storefront language (decision 0075). `{{name}}` marks a
 * value filled at render time: `points`, `label` (the shop's point label), `balance`, `code`,
 * `days`, `shop`, `tier`, `reward`. A language without its own words uses English.
 */
export interface MailTexts {
  subject: string;
  heading: string;
  body: string;
  button: string;
}

export interface MailChrome {
  greeting: string;
  unsubscribe: string;
  balance: string;
}

type Catalogue = Record<NotificationEvent, MailTexts>;

const en: Catalogue = {
  points_earned: {
    subject: "You earned {{points}} {{label}} at {{shop}}",
    heading: "You earned {{points}} {{label}}!",
    body: "Thank you for your order. {{points}} {{label}} have been added to your account.",
    button: "See my rewards",
  },
  reward_redeemed: {
    subject: "Your reward from {{shop}}: {{reward}}",
    heading: "Here is your reward",
    body: "You redeemed {{reward}}. Use this code at checkout: {{code}}",
    button: "Shop now",
  },
  points_expiring: {
    subject: "Your {{points}} {{label}} expire in {{days}} days",
    heading: "Your {{label}} expire soon",
    body: "{{points}} {{label}} in your {{shop}} account expire in {{days}} days. Use them before they are gone.",
    button: "Use my {{label}}",
  },
  points_expired: {
    subject: "Your {{label}} at {{shop}} have expired",
    heading: "Your {{label}} have expired",
    body: "{{points}} {{label}} in your account expired. Earn more with your next order.",
    button: "Visit the store",
  },
  birthday_reward: {
    subject: "Happy birthday from {{shop}}!",
    heading: "Happy birthday!",
    body: "To celebrate, we added {{points}} {{label}} to your account.",
    button: "Treat yourself",
  },
  tier_up: {
    subject: "Welcome to {{tier}}!",
    heading: "You reached {{tier}}",
    body: "Congratulations: you are now a {{tier}} member of {{shop}}, with new benefits.",
    button: "See my benefits",
  },
  tier_down: {
    subject: "Your membership level at {{shop}} changed",
    heading: "You are now {{tier}}",
    body: "Your membership level changed to {{tier}}. Shop again to climb back up.",
    button: "Visit the store",
  },
  tier_demotion_notice: {
    subject: "Keep your {{tier}} status at {{shop}}",
    heading: "Your {{tier}} status ends in {{days}} days",
    body: "Place an order within {{days}} days to keep your {{tier}} benefits.",
    button: "Shop now",
  },
  referral_invitation: {
    subject: "A friend invited you to {{shop}}",
    heading: "You have been invited",
    body: "A friend thinks you will love {{shop}}. Use this code on your first order: {{code}}",
    button: "Claim my gift",
  },
  referral_completed: {
    subject: "Your friend ordered: you earned a reward",
    heading: "Thank you for referring a friend",
    body: "Your friend placed their first order, so we added {{points}} {{label}} to your account.",
    button: "See my rewards",
  },
  review_approved: {
    subject: "Thank you for your review",
    heading: "Your review is live",
    body: "Your review was approved and earned you {{points}} {{label}}.",
    button: "See my rewards",
  },
  import_completed: {
    subject: "Your import to {{shop}} is complete",
    heading: "Import complete",
    body: "Your import {{file}} finished: {{count}} rows imported, {{failed}} rows skipped.",
    button: "Open Laurel",
  },
  export_ready: {
    subject: "Your {{export}} export from {{shop}} is ready",
    heading: "Your export is ready",
    body: "Your {{export}} export ({{count}} rows) is ready. The download link works for {{days}} days.",
    button: "Download",
  },
  weekly_report: {
    subject: "Your weekly loyalty report for {{shop}}",
    heading: "Your week at {{shop}}",
    body: "From {{from}} to {{to}}: {{orders}} orders, of which {{memberOrders}} by members; {{newMembers}} new members ({{members}} in all); {{earned}} points earned and {{redeemed}} redeemed (redemption rate {{rate}}); {{assisted}} of revenue with a loyalty reward and {{referred}} from referred friends.",
    button: "Open analytics",
  },
};

const de: Catalogue = {
  points_earned: {
    subject: "Sie haben {{points}} {{label}} bei {{shop}} gesammelt",
    heading: "Sie haben {{points}} {{label}} gesammelt!",
    body: "Vielen Dank für Ihre Bestellung. {{points}} {{label}} wurden Ihrem Konto gutgeschrieben.",
    button: "Meine Prämien ansehen",
  },
  reward_redeemed: {
    subject: "Ihre Prämie von {{shop}}: {{reward}}",
    heading: "Hier ist Ihre Prämie",
    body: "Sie haben {{reward}} eingelöst. Verwenden Sie diesen Code an der Kasse: {{code}}",
    button: "Jetzt einkaufen",
  },
  points_expiring: {
    subject: "Ihre {{points}} {{label}} verfallen in {{days}} Tagen",
    heading: "Ihre {{label}} verfallen bald",
    body: "{{points}} {{label}} in Ihrem Konto bei {{shop}} verfallen in {{days}} Tagen. Lösen Sie sie rechtzeitig ein.",
    button: "{{label}} einlösen",
  },
  points_expired: {
    subject: "Ihre {{label}} bei {{shop}} sind verfallen",
    heading: "Ihre {{label}} sind verfallen",
    body: "{{points}} {{label}} in Ihrem Konto sind verfallen. Sammeln Sie mit Ihrer nächsten Bestellung neue.",
    button: "Zum Shop",
  },
  birthday_reward: {
    subject: "Alles Gute zum Geburtstag von {{shop}}!",
    heading: "Alles Gute zum Geburtstag!",
    body: "Zur Feier des Tages haben wir Ihrem Konto {{points}} {{label}} gutgeschrieben.",
    button: "Gönnen Sie sich etwas",
  },
  tier_up: {
    subject: "Willkommen bei {{tier}}!",
    heading: "Sie haben {{tier}} erreicht",
    body: "Herzlichen Glückwunsch: Sie sind jetzt {{tier}}-Mitglied bei {{shop}}, mit neuen Vorteilen.",
    button: "Meine Vorteile ansehen",
  },
  tier_down: {
    subject: "Ihre Mitgliedsstufe bei {{shop}} hat sich geändert",
    heading: "Sie sind jetzt {{tier}}",
    body: "Ihre Mitgliedsstufe ist jetzt {{tier}}. Kaufen Sie wieder ein, um aufzusteigen.",
    button: "Zum Shop",
  },
  tier_demotion_notice: {
    subject: "Behalten Sie Ihren {{tier}}-Status bei {{shop}}",
    heading: "Ihr {{tier}}-Status endet in {{days}} Tagen",
    body: "Bestellen Sie innerhalb von {{days}} Tagen, um Ihre {{tier}}-Vorteile zu behalten.",
    button: "Jetzt einkaufen",
  },
  referral_invitation: {
    subject: "Sie wurden zu {{shop}} eingeladen",
    heading: "Sie wurden eingeladen",
    body: "Ein Freund meint, {{shop}} gefällt Ihnen. Verwenden Sie diesen Code bei Ihrer ersten Bestellung: {{code}}",
    button: "Geschenk sichern",
  },
  referral_completed: {
    subject: "Ihr Freund hat bestellt: Sie erhalten eine Prämie",
    heading: "Danke für Ihre Empfehlung",
    body: "Ihr Freund hat zum ersten Mal bestellt, daher haben wir Ihnen {{points}} {{label}} gutgeschrieben.",
    button: "Meine Prämien ansehen",
  },
  review_approved: {
    subject: "Vielen Dank für Ihre Bewertung",
    heading: "Ihre Bewertung ist online",
    body: "Ihre Bewertung wurde freigegeben und hat Ihnen {{points}} {{label}} eingebracht.",
    button: "Meine Prämien ansehen",
  },
  import_completed: {
    subject: "Ihr Import in {{shop}} ist abgeschlossen",
    heading: "Import abgeschlossen",
    body: "Ihr Import {{file}} ist fertig: {{count}} Zeilen importiert, {{failed}} Zeilen übersprungen.",
    button: "Laurel öffnen",
  },
  export_ready: {
    subject: "Ihr Export ({{export}}) aus {{shop}} ist bereit",
    heading: "Ihr Export ist bereit",
    body: "Ihr Export ({{export}}, {{count}} Zeilen) ist bereit. Der Download-Link gilt {{days}} Tage.",
    button: "Herunterladen",
  },
  weekly_report: {
    subject: "Ihr wöchentlicher Treuebericht für {{shop}}",
    heading: "Ihre Woche bei {{shop}}",
    body: "Vom {{from}} bis {{to}}: {{orders}} Bestellungen, davon {{memberOrders}} von Mitgliedern; {{newMembers}} neue Mitglieder ({{members}} insgesamt); {{earned}} Punkte gesammelt und {{redeemed}} eingelöst (Einlösequote {{rate}}); {{assisted}} Umsatz mit einer Treueprämie und {{referred}} von geworbenen Freunden.",
    button: "Analysen öffnen",
  },
};

const fr: Catalogue = {
  points_earned: {
    subject: "Vous avez gagné {{points}} {{label}} chez {{shop}}",
    heading: "Vous avez gagné {{points}} {{label}} !",
    body: "Merci pour votre commande. {{points}} {{label}} ont été ajoutés à votre compte.",
    button: "Voir mes récompenses",
  },
  reward_redeemed: {
    subject: "Votre récompense de {{shop}} : {{reward}}",
    heading: "Voici votre récompense",
    body: "Vous avez échangé {{reward}}. Utilisez ce code lors du paiement : {{code}}",
    button: "Acheter maintenant",
  },
  points_expiring: {
    subject: "Vos {{points}} {{label}} expirent dans {{days}} jours",
    heading: "Vos {{label}} expirent bientôt",
    body: "{{points}} {{label}} de votre compte {{shop}} expirent dans {{days}} jours. Utilisez-les avant qu'il ne soit trop tard.",
    button: "Utiliser mes {{label}}",
  },
  points_expired: {
    subject: "Vos {{label}} chez {{shop}} ont expiré",
    heading: "Vos {{label}} ont expiré",
    body: "{{points}} {{label}} de votre compte ont expiré. Gagnez-en d'autres avec votre prochaine commande.",
    button: "Visiter la boutique",
  },
  birthday_reward: {
    subject: "Joyeux anniversaire de la part de {{shop}} !",
    heading: "Joyeux anniversaire !",
    body: "Pour fêter ça, nous avons ajouté {{points}} {{label}} à votre compte.",
    button: "Faites-vous plaisir",
  },
  tier_up: {
    subject: "Bienvenue au niveau {{tier}} !",
    heading: "Vous avez atteint {{tier}}",
    body: "Félicitations : vous êtes maintenant membre {{tier}} de {{shop}}, avec de nouveaux avantages.",
    button: "Voir mes avantages",
  },
  tier_down: {
    subject: "Votre niveau chez {{shop}} a changé",
    heading: "Vous êtes maintenant {{tier}}",
    body: "Votre niveau est passé à {{tier}}. Commandez à nouveau pour remonter.",
    button: "Visiter la boutique",
  },
  tier_demotion_notice: {
    subject: "Conservez votre statut {{tier}} chez {{shop}}",
    heading: "Votre statut {{tier}} prend fin dans {{days}} jours",
    body: "Passez commande dans les {{days}} jours pour conserver vos avantages {{tier}}.",
    button: "Acheter maintenant",
  },
  referral_invitation: {
    subject: "Un ami vous invite chez {{shop}}",
    heading: "Vous êtes invité",
    body: "Un ami pense que vous allez adorer {{shop}}. Utilisez ce code pour votre première commande : {{code}}",
    button: "Obtenir mon cadeau",
  },
  referral_completed: {
    subject: "Votre ami a commandé : vous gagnez une récompense",
    heading: "Merci d'avoir parrainé un ami",
    body: "Votre ami a passé sa première commande : nous avons ajouté {{points}} {{label}} à votre compte.",
    button: "Voir mes récompenses",
  },
  review_approved: {
    subject: "Merci pour votre avis",
    heading: "Votre avis est en ligne",
    body: "Votre avis a été approuvé et vous a rapporté {{points}} {{label}}.",
    button: "Voir mes récompenses",
  },
  import_completed: {
    subject: "Votre import dans {{shop}} est terminé",
    heading: "Import terminé",
    body: "Votre import {{file}} est terminé : {{count}} lignes importées, {{failed}} lignes ignorées.",
    button: "Ouvrir Laurel",
  },
  export_ready: {
    subject: "Votre export {{export}} de {{shop}} est prêt",
    heading: "Votre export est prêt",
    body: "Votre export {{export}} ({{count}} lignes) est prêt. Le lien de téléchargement est valable {{days}} jours.",
    button: "Télécharger",
  },
  weekly_report: {
    subject: "Votre rapport de fidélité hebdomadaire pour {{shop}}",
    heading: "Votre semaine chez {{shop}}",
    body: "Du {{from}} au {{to}} : {{orders}} commandes, dont {{memberOrders}} de membres ; {{newMembers}} nouveaux membres ({{members}} au total) ; {{earned}} points gagnés et {{redeemed}} utilisés (taux d’utilisation {{rate}}) ; {{assisted}} de chiffre d’affaires avec une récompense de fidélité et {{referred}} venant d’amis parrainés.",
    button: "Ouvrir les analyses",
  },
};

const es: Catalogue = {
  points_earned: {
    subject: "Has ganado {{points}} {{label}} en {{shop}}",
    heading: "¡Has ganado {{points}} {{label}}!",
    body: "Gracias por tu pedido. Hemos añadido {{points}} {{label}} a tu cuenta.",
    button: "Ver mis recompensas",
  },
  reward_redeemed: {
    subject: "Tu recompensa de {{shop}}: {{reward}}",
    heading: "Aquí tienes tu recompensa",
    body: "Has canjeado {{reward}}. Usa este código al pagar: {{code}}",
    button: "Comprar ahora",
  },
  points_expiring: {
    subject: "Tus {{points}} {{label}} caducan en {{days}} días",
    heading: "Tus {{label}} caducan pronto",
    body: "{{points}} {{label}} de tu cuenta en {{shop}} caducan en {{days}} días. Úsalos antes de que desaparezcan.",
    button: "Usar mis {{label}}",
  },
  points_expired: {
    subject: "Tus {{label}} en {{shop}} han caducado",
    heading: "Tus {{label}} han caducado",
    body: "{{points}} {{label}} de tu cuenta han caducado. Gana más con tu próximo pedido.",
    button: "Visitar la tienda",
  },
  birthday_reward: {
    subject: "¡Feliz cumpleaños de parte de {{shop}}!",
    heading: "¡Feliz cumpleaños!",
    body: "Para celebrarlo, hemos añadido {{points}} {{label}} a tu cuenta.",
    button: "Date un capricho",
  },
  tier_up: {
    subject: "¡Bienvenido a {{tier}}!",
    heading: "Has alcanzado {{tier}}",
    body: "Enhorabuena: ahora eres miembro {{tier}} de {{shop}}, con nuevas ventajas.",
    button: "Ver mis ventajas",
  },
  tier_down: {
    subject: "Tu nivel en {{shop}} ha cambiado",
    heading: "Ahora eres {{tier}}",
    body: "Tu nivel ha cambiado a {{tier}}. Vuelve a comprar para subir de nuevo.",
    button: "Visitar la tienda",
  },
  tier_demotion_notice: {
    subject: "Mantén tu estado {{tier}} en {{shop}}",
    heading: "Tu estado {{tier}} termina en {{days}} días",
    body: "Haz un pedido en los próximos {{days}} días para mantener tus ventajas {{tier}}.",
    button: "Comprar ahora",
  },
  referral_invitation: {
    subject: "Un amigo te invita a {{shop}}",
    heading: "Te han invitado",
    body: "Un amigo cree que te encantará {{shop}}. Usa este código en tu primer pedido: {{code}}",
    button: "Conseguir mi regalo",
  },
  referral_completed: {
    subject: "Tu amigo ha comprado: has ganado una recompensa",
    heading: "Gracias por recomendarnos",
    body: "Tu amigo hizo su primer pedido, así que hemos añadido {{points}} {{label}} a tu cuenta.",
    button: "Ver mis recompensas",
  },
  review_approved: {
    subject: "Gracias por tu reseña",
    heading: "Tu reseña ya está publicada",
    body: "Tu reseña ha sido aprobada y te ha dado {{points}} {{label}}.",
    button: "Ver mis recompensas",
  },
  import_completed: {
    subject: "Tu importación en {{shop}} ha terminado",
    heading: "Importación terminada",
    body: "Tu importación {{file}} ha terminado: {{count}} filas importadas, {{failed}} filas omitidas.",
    button: "Abrir Laurel",
  },
  export_ready: {
    subject: "Tu exportación {{export}} de {{shop}} está lista",
    heading: "Tu exportación está lista",
    body: "Tu exportación {{export}} ({{count}} filas) está lista. El enlace de descarga vale {{days}} días.",
    button: "Descargar",
  },
  weekly_report: {
    subject: "Tu informe semanal de fidelización de {{shop}}",
    heading: "Tu semana en {{shop}}",
    body: "Del {{from}} al {{to}}: {{orders}} pedidos, {{memberOrders}} de ellos de miembros; {{newMembers}} miembros nuevos ({{members}} en total); {{earned}} puntos ganados y {{redeemed}} canjeados (tasa de canje {{rate}}); {{assisted}} de ingresos con una recompensa de fidelización y {{referred}} de amigos referidos.",
    button: "Abrir analíticas",
  },
};

const chrome: Record<string, MailChrome> = {
  en: {
    greeting: "Hi {{name}},",
    unsubscribe: "Unsubscribe",
    balance: "Your balance: {{balance}} {{label}}",
  },
  de: {
    greeting: "Hallo {{name}},",
    unsubscribe: "Abmelden",
    balance: "Ihr Guthaben: {{balance}} {{label}}",
  },
  fr: {
    greeting: "Bonjour {{name}},",
    unsubscribe: "Se désabonner",
    balance: "Votre solde : {{balance}} {{label}}",
  },
  es: {
    greeting: "Hola {{name}},",
    unsubscribe: "Darse de baja",
    balance: "Tu saldo: {{balance}} {{label}}",
  },
};

const catalogues: Record<string, Catalogue> = { en, de, fr, es, ...moreCatalogues };
const chromes: Record<string, MailChrome> = { ...chrome, ...moreChrome };

/** The languages with shipped e-mail words of their own (base codes: `pt` serves pt-BR and pt-PT). */
export const mailLanguages: readonly string[] = Object.keys(catalogues);

/** The base language of a locale (`de-AT` → `de`) if it has words, else `en`. */
export function mailLanguageOf(locale: string | null | undefined): string {
  const base = (locale ?? "en").toLowerCase().split(/[-_]/)[0] ?? "en";
  return base in catalogues ? base : "en";
}

/**
 * An e-mail's words in a language. `program` 'b2b' (a B2B partner tier's move, decision 0177)
 * words the tier e-mails for partner tiers; other events read the same for both programs.
 */
export function mailTextsOf(
  event: NotificationEvent,
  language: string,
  program: "vip" | "b2b" = "vip",
): MailTexts & MailChrome {
  const lang = mailLanguageOf(language);
  const partner =
    program === "b2b" && isPartnerTierEvent(event)
      ? (partnerCatalogues[lang] ?? partnerCatalogues.en)?.[event]
      : undefined;
  return {
    ...(catalogues[lang] ?? en)[event],
    ...partner,
    ...(chromes[lang] ?? (chrome.en as MailChrome)),
  };
}

/** The program an e-mail's stored values speak of: 'b2b' for a partner tier's e-mail, else 'vip'. */
export function mailProgramOf(values: Record<string, unknown>): "vip" | "b2b" {
  return values.program === "b2b" ? "b2b" : "vip";
}

/** Fills `{{name}}` placeholders; unknown names are left empty. */
export function fill(template: string, values: Record<string, string | number | null | undefined>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(values[name] ?? ""));
}
