import { type Faq, widgetTranslationKeys } from "@laurel/contracts";
import { shippedEarningText } from "../earning-texts";
import { de } from "./de";
import { es } from "./es";
import { fr } from "./fr";
import { id } from "./id";
import { it } from "./it";
import { ja } from "./ja";
import { nl } from "./nl";
import { pt } from "./pt";

/**
 * Laurel's shipped storefront words beyond English (decision 0179): every widget text and every
 * loyalty-page text (`page.*`, `calculator.*`) in the languages the e-mails ship (decision 0130),
 * and the loyalty page's default FAQs in the same languages. They live in the API and reach the
 * storefront resolved (`GET /proxy/widget`, the loyalty page), never in the widget bundle. The
 * earning kinds' words ship in all 30 other storefront languages (decision 0157, `earning-texts.ts`).
 */
export const SHIPPED_STOREFRONT_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  de,
  fr,
  es,
  it,
  nl,
  pt,
  ja,
  id,
};

/** The languages with a full set of shipped storefront words (English is the built-in default). */
export const shippedStorefrontLanguages = ["en", ...Object.keys(SHIPPED_STOREFRONT_TEXTS)] as const;

/** `pt-BR` → `pt`, `fr-CA` → `fr`: the shipped table of a storefront locale, if any. */
export function shippedStorefrontTable(language: string): string | undefined {
  const base = language.toLowerCase().split("-")[0] ?? "";
  return base in SHIPPED_STOREFRONT_TEXTS ? base : undefined;
}

/** The shipped text of `key` in `language` (or its base language); undefined means English. */
export function shippedStorefrontText(language: string, key: string): string | undefined {
  const earning = shippedEarningText(language, key);
  if (earning !== undefined) return earning;
  const table = shippedStorefrontTable(language);
  return table === undefined ? undefined : SHIPPED_STOREFRONT_TEXTS[table]?.[key];
}

/** Every key Laurel ships a text of in `language` (none for English and unknown languages). */
export function shippedStorefrontTexts(language: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (language.toLowerCase().split("-")[0] === "en") return out;
  for (const key of widgetTranslationKeys) {
    const text = shippedStorefrontText(language, key);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/** What the loyalty page shows until the merchant writes its own FAQs, in English. */
export const DEFAULT_FAQS: Faq[] = [
  {
    question: "How do I join?",
    answer: "Create an account on this store, then join from the rewards panel.",
  },
  {
    question: "How do I earn points?",
    answer: "Every way to earn is listed on this page: orders, signing up and more.",
  },
  {
    question: "How do I use my points?",
    answer: "Open the rewards panel and redeem a reward; you get a discount code for checkout.",
  },
];

/** The same three questions in each shipped language, in the same order as `DEFAULT_FAQS`. */
export const SHIPPED_FAQS: Readonly<Record<string, readonly Faq[]>> = {
  de: [
    {
      question: "Wie trete ich bei?",
      answer: "Erstellen Sie ein Konto in diesem Shop und treten Sie dann über den Prämienbereich bei.",
    },
    {
      question: "Wie sammle ich Punkte?",
      answer: "Alle Möglichkeiten stehen auf dieser Seite: Bestellungen, Registrierung und mehr.",
    },
    {
      question: "Wie löse ich meine Punkte ein?",
      answer:
        "Öffnen Sie den Prämienbereich und lösen Sie eine Prämie ein; Sie erhalten einen Rabattcode für die Kasse.",
    },
  ],
  fr: [
    {
      question: "Comment m'inscrire ?",
      answer: "Créez un compte sur cette boutique, puis inscrivez-vous depuis l'espace récompenses.",
    },
    {
      question: "Comment gagner des points ?",
      answer:
        "Toutes les façons de gagner sont listées sur cette page : commandes, inscription et plus encore.",
    },
    {
      question: "Comment utiliser mes points ?",
      answer:
        "Ouvrez l'espace récompenses et échangez une récompense ; vous recevez un code de réduction à utiliser lors du paiement.",
    },
  ],
  es: [
    {
      question: "¿Cómo me uno?",
      answer: "Crea una cuenta en esta tienda y únete desde el panel de recompensas.",
    },
    {
      question: "¿Cómo gano puntos?",
      answer: "Todas las formas de ganar aparecen en esta página: pedidos, registro y más.",
    },
    {
      question: "¿Cómo uso mis puntos?",
      answer: "Abre el panel de recompensas y canjea una; recibirás un código de descuento para el pago.",
    },
  ],
  it: [
    {
      question: "Come mi iscrivo?",
      answer: "Crea un account su questo negozio, poi iscriviti dal pannello premi.",
    },
    {
      question: "Come guadagno punti?",
      answer: "Tutti i modi per guadagnare sono elencati in questa pagina: ordini, registrazione e altro.",
    },
    {
      question: "Come uso i miei punti?",
      answer: "Apri il pannello premi e riscatta un premio: riceverai un codice sconto da usare al checkout.",
    },
  ],
  nl: [
    {
      question: "Hoe word ik lid?",
      answer: "Maak een account aan in deze winkel en word daarna lid via het beloningenpaneel.",
    },
    {
      question: "Hoe verdien ik punten?",
      answer: "Alle manieren om te verdienen staan op deze pagina: bestellingen, aanmelden en meer.",
    },
    {
      question: "Hoe gebruik ik mijn punten?",
      answer:
        "Open het beloningenpaneel en wissel een beloning in; je krijgt een kortingscode voor bij het afrekenen.",
    },
  ],
  pt: [
    {
      question: "Como eu participo?",
      answer: "Crie uma conta nesta loja e depois participe pelo painel de recompensas.",
    },
    {
      question: "Como ganho pontos?",
      answer: "Todas as formas de ganhar estão nesta página: pedidos, cadastro e muito mais.",
    },
    {
      question: "Como uso meus pontos?",
      answer:
        "Abra o painel de recompensas e resgate uma recompensa; você recebe um código de desconto para o checkout.",
    },
  ],
  ja: [
    {
      question: "参加するにはどうすればよいですか？",
      answer: "このストアでアカウントを作成し、特典パネルから参加してください。",
    },
    {
      question: "ポイントはどうやって貯まりますか？",
      answer: "ポイントの貯め方はすべてこのページに掲載しています。ご注文、会員登録などで貯まります。",
    },
    {
      question: "ポイントはどうやって使いますか？",
      answer: "特典パネルを開いて特典と交換してください。お会計で使える割引コードが発行されます。",
    },
  ],
  id: [
    {
      question: "Bagaimana cara bergabung?",
      answer: "Buat akun di toko ini, lalu bergabung melalui panel hadiah.",
    },
    {
      question: "Bagaimana cara mengumpulkan poin?",
      answer: "Semua cara mengumpulkan poin tercantum di halaman ini: pesanan, pendaftaran, dan lainnya.",
    },
    {
      question: "Bagaimana cara memakai poin saya?",
      answer: "Buka panel hadiah dan tukarkan hadiah; Anda akan mendapat kode diskon untuk checkout.",
    },
  ],
};

/** The default FAQs in `language` (or its base language), English when none is shipped. */
export function defaultFaqsFor(language: string): Faq[] {
  const table = shippedStorefrontTable(language);
  const faqs = table === undefined ? undefined : SHIPPED_FAQS[table];
  return faqs ? faqs.map((f) => ({ ...f })) : DEFAULT_FAQS;
}
