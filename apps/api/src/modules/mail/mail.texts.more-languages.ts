import type { NotificationEvent } from "@laurel/domain";
import type { MailChrome, MailTexts } from "./mail.texts";

/**
 * The shipped e-mail words beyond en/de/fr/es (decision 0130): the other admin languages (it, ja,
 * id) and the most asked-for storefront languages (nl, pt for pt-BR and pt-PT). Same placeholders as English;
 * `mail.texts.test.ts` checks every language keeps every placeholder of every template.
 */
type Catalogue = Record<NotificationEvent, MailTexts>;

const it: Catalogue = {
  points_earned: {
    subject: "Hai guadagnato {{points}} {{label}} da {{shop}}",
    heading: "Hai guadagnato {{points}} {{label}}!",
    body: "Grazie per il tuo ordine. {{points}} {{label}} sono stati aggiunti al tuo account.",
    button: "Vedi i miei premi",
  },
  reward_redeemed: {
    subject: "Il tuo premio da {{shop}}: {{reward}}",
    heading: "Ecco il tuo premio",
    body: "Hai riscattato {{reward}}. Usa questo codice al checkout: {{code}}",
    button: "Acquista ora",
  },
  points_expiring: {
    subject: "I tuoi {{points}} {{label}} scadono tra {{days}} giorni",
    heading: "I tuoi {{label}} scadono presto",
    body: "{{points}} {{label}} del tuo account {{shop}} scadono tra {{days}} giorni. Usali prima che sia troppo tardi.",
    button: "Usa i miei {{label}}",
  },
  points_expired: {
    subject: "I tuoi {{label}} da {{shop}} sono scaduti",
    heading: "I tuoi {{label}} sono scaduti",
    body: "{{points}} {{label}} del tuo account sono scaduti. Guadagnane altri con il prossimo ordine.",
    button: "Visita il negozio",
  },
  birthday_reward: {
    subject: "Buon compleanno da {{shop}}!",
    heading: "Buon compleanno!",
    body: "Per festeggiare, abbiamo aggiunto {{points}} {{label}} al tuo account.",
    button: "Concediti un regalo",
  },
  tier_up: {
    subject: "Benvenuto in {{tier}}!",
    heading: "Hai raggiunto {{tier}}",
    body: "Congratulazioni: ora sei un membro {{tier}} di {{shop}}, con nuovi vantaggi.",
    button: "Vedi i miei vantaggi",
  },
  tier_down: {
    subject: "Il tuo livello da {{shop}} è cambiato",
    heading: "Ora sei {{tier}}",
    body: "Il tuo livello è passato a {{tier}}. Acquista di nuovo per risalire.",
    button: "Visita il negozio",
  },
  tier_demotion_notice: {
    subject: "Mantieni il tuo stato {{tier}} da {{shop}}",
    heading: "Il tuo stato {{tier}} termina tra {{days}} giorni",
    body: "Effettua un ordine entro {{days}} giorni per mantenere i vantaggi {{tier}}.",
    button: "Acquista ora",
  },
  referral_invitation: {
    subject: "Un amico ti ha invitato da {{shop}}",
    heading: "Sei stato invitato",
    body: "Un amico pensa che adorerai {{shop}}. Usa questo codice sul tuo primo ordine: {{code}}",
    button: "Ricevi il mio regalo",
  },
  referral_completed: {
    subject: "Il tuo amico ha ordinato: hai guadagnato un premio",
    heading: "Grazie per aver invitato un amico",
    body: "Il tuo amico ha effettuato il primo ordine, quindi abbiamo aggiunto {{points}} {{label}} al tuo account.",
    button: "Vedi i miei premi",
  },
  review_approved: {
    subject: "Grazie per la tua recensione",
    heading: "La tua recensione è online",
    body: "La tua recensione è stata approvata e ti ha fatto guadagnare {{points}} {{label}}.",
    button: "Vedi i miei premi",
  },
  import_completed: {
    subject: "La tua importazione in {{shop}} è completata",
    heading: "Importazione completata",
    body: "La tua importazione {{file}} è terminata: {{count}} righe importate, {{failed}} righe saltate.",
    button: "Apri Laurel",
  },
  export_ready: {
    subject: "La tua esportazione {{export}} da {{shop}} è pronta",
    heading: "La tua esportazione è pronta",
    body: "La tua esportazione {{export}} ({{count}} righe) è pronta. Il link per il download è valido per {{days}} giorni.",
    button: "Scarica",
  },
  weekly_report: {
    subject: "Il tuo report fedeltà settimanale per {{shop}}",
    heading: "La tua settimana da {{shop}}",
    body: "Dal {{from}} al {{to}}: {{orders}} ordini, di cui {{memberOrders}} dai membri; {{newMembers}} nuovi membri ({{members}} in tutto); {{earned}} punti guadagnati e {{redeemed}} riscattati (tasso di riscatto {{rate}}); {{assisted}} di fatturato con un premio fedeltà e {{referred}} da amici invitati.",
    button: "Apri le analisi",
  },
};

const nl: Catalogue = {
  points_earned: {
    subject: "Je hebt {{points}} {{label}} verdiend bij {{shop}}",
    heading: "Je hebt {{points}} {{label}} verdiend!",
    body: "Bedankt voor je bestelling. Er zijn {{points}} {{label}} aan je account toegevoegd.",
    button: "Bekijk mijn beloningen",
  },
  reward_redeemed: {
    subject: "Je beloning van {{shop}}: {{reward}}",
    heading: "Hier is je beloning",
    body: "Je hebt {{reward}} ingewisseld. Gebruik deze code bij het afrekenen: {{code}}",
    button: "Nu winkelen",
  },
  points_expiring: {
    subject: "Je {{points}} {{label}} vervallen over {{days}} dagen",
    heading: "Je {{label}} vervallen binnenkort",
    body: "{{points}} {{label}} in je account bij {{shop}} vervallen over {{days}} dagen. Gebruik ze voordat ze weg zijn.",
    button: "Mijn {{label}} gebruiken",
  },
  points_expired: {
    subject: "Je {{label}} bij {{shop}} zijn vervallen",
    heading: "Je {{label}} zijn vervallen",
    body: "{{points}} {{label}} in je account zijn vervallen. Verdien nieuwe met je volgende bestelling.",
    button: "Naar de winkel",
  },
  birthday_reward: {
    subject: "Gefeliciteerd met je verjaardag namens {{shop}}!",
    heading: "Gefeliciteerd!",
    body: "Om het te vieren hebben we {{points}} {{label}} aan je account toegevoegd.",
    button: "Trakteer jezelf",
  },
  tier_up: {
    subject: "Welkom bij {{tier}}!",
    heading: "Je hebt {{tier}} bereikt",
    body: "Gefeliciteerd: je bent nu {{tier}}-lid van {{shop}}, met nieuwe voordelen.",
    button: "Bekijk mijn voordelen",
  },
  tier_down: {
    subject: "Je niveau bij {{shop}} is gewijzigd",
    heading: "Je bent nu {{tier}}",
    body: "Je niveau is gewijzigd naar {{tier}}. Bestel opnieuw om weer te stijgen.",
    button: "Naar de winkel",
  },
  tier_demotion_notice: {
    subject: "Behoud je {{tier}}-status bij {{shop}}",
    heading: "Je {{tier}}-status eindigt over {{days}} dagen",
    body: "Plaats binnen {{days}} dagen een bestelling om je {{tier}}-voordelen te behouden.",
    button: "Nu winkelen",
  },
  referral_invitation: {
    subject: "Een vriend nodigt je uit bij {{shop}}",
    heading: "Je bent uitgenodigd",
    body: "Een vriend denkt dat je {{shop}} geweldig zult vinden. Gebruik deze code bij je eerste bestelling: {{code}}",
    button: "Mijn cadeau ophalen",
  },
  referral_completed: {
    subject: "Je vriend heeft besteld: je hebt een beloning verdiend",
    heading: "Bedankt voor het doorverwijzen",
    body: "Je vriend heeft een eerste bestelling geplaatst, dus hebben we {{points}} {{label}} aan je account toegevoegd.",
    button: "Bekijk mijn beloningen",
  },
  review_approved: {
    subject: "Bedankt voor je review",
    heading: "Je review staat online",
    body: "Je review is goedgekeurd en heeft je {{points}} {{label}} opgeleverd.",
    button: "Bekijk mijn beloningen",
  },
  import_completed: {
    subject: "Je import naar {{shop}} is voltooid",
    heading: "Import voltooid",
    body: "Je import {{file}} is klaar: {{count}} rijen geïmporteerd, {{failed}} rijen overgeslagen.",
    button: "Laurel openen",
  },
  export_ready: {
    subject: "Je {{export}}-export van {{shop}} staat klaar",
    heading: "Je export staat klaar",
    body: "Je {{export}}-export ({{count}} rijen) staat klaar. De downloadlink werkt {{days}} dagen.",
    button: "Downloaden",
  },
  weekly_report: {
    subject: "Je wekelijkse loyaliteitsrapport voor {{shop}}",
    heading: "Je week bij {{shop}}",
    body: "Van {{from}} tot {{to}}: {{orders}} bestellingen, waarvan {{memberOrders}} door leden; {{newMembers}} nieuwe leden ({{members}} in totaal); {{earned}} punten verdiend en {{redeemed}} ingewisseld (inwisselratio {{rate}}); {{assisted}} omzet met een loyaliteitsbeloning en {{referred}} van doorverwezen vrienden.",
    button: "Analyses openen",
  },
};

const pt: Catalogue = {
  points_earned: {
    subject: "Você ganhou {{points}} {{label}} na {{shop}}",
    heading: "Você ganhou {{points}} {{label}}!",
    body: "Obrigado pela sua compra. {{points}} {{label}} foram adicionados à sua conta.",
    button: "Ver minhas recompensas",
  },
  reward_redeemed: {
    subject: "Sua recompensa da {{shop}}: {{reward}}",
    heading: "Aqui está sua recompensa",
    body: "Você resgatou {{reward}}. Use este código no checkout: {{code}}",
    button: "Comprar agora",
  },
  points_expiring: {
    subject: "Seus {{points}} {{label}} expiram em {{days}} dias",
    heading: "Seus {{label}} expiram em breve",
    body: "{{points}} {{label}} da sua conta na {{shop}} expiram em {{days}} dias. Use-os antes que acabem.",
    button: "Usar meus {{label}}",
  },
  points_expired: {
    subject: "Seus {{label}} na {{shop}} expiraram",
    heading: "Seus {{label}} expiraram",
    body: "{{points}} {{label}} da sua conta expiraram. Ganhe mais com a sua próxima compra.",
    button: "Visitar a loja",
  },
  birthday_reward: {
    subject: "Feliz aniversário da {{shop}}!",
    heading: "Feliz aniversário!",
    body: "Para comemorar, adicionamos {{points}} {{label}} à sua conta.",
    button: "Dê um presente a si mesmo",
  },
  tier_up: {
    subject: "Bem-vindo ao {{tier}}!",
    heading: "Você chegou ao {{tier}}",
    body: "Parabéns: agora você é membro {{tier}} da {{shop}}, com novos benefícios.",
    button: "Ver meus benefícios",
  },
  tier_down: {
    subject: "Seu nível na {{shop}} mudou",
    heading: "Agora você é {{tier}}",
    body: "Seu nível mudou para {{tier}}. Compre novamente para subir de volta.",
    button: "Visitar a loja",
  },
  tier_demotion_notice: {
    subject: "Mantenha seu status {{tier}} na {{shop}}",
    heading: "Seu status {{tier}} termina em {{days}} dias",
    body: "Faça um pedido em até {{days}} dias para manter seus benefícios {{tier}}.",
    button: "Comprar agora",
  },
  referral_invitation: {
    subject: "Um amigo convidou você para a {{shop}}",
    heading: "Você foi convidado",
    body: "Um amigo acha que você vai adorar a {{shop}}. Use este código na sua primeira compra: {{code}}",
    button: "Resgatar meu presente",
  },
  referral_completed: {
    subject: "Seu amigo comprou: você ganhou uma recompensa",
    heading: "Obrigado por indicar um amigo",
    body: "Seu amigo fez a primeira compra, então adicionamos {{points}} {{label}} à sua conta.",
    button: "Ver minhas recompensas",
  },
  review_approved: {
    subject: "Obrigado pela sua avaliação",
    heading: "Sua avaliação foi publicada",
    body: "Sua avaliação foi aprovada e rendeu {{points}} {{label}} para você.",
    button: "Ver minhas recompensas",
  },
  import_completed: {
    subject: "Sua importação para {{shop}} foi concluída",
    heading: "Importação concluída",
    body: "Sua importação {{file}} terminou: {{count}} linhas importadas, {{failed}} linhas ignoradas.",
    button: "Abrir o Laurel",
  },
  export_ready: {
    subject: "Sua exportação {{export}} da {{shop}} está pronta",
    heading: "Sua exportação está pronta",
    body: "Sua exportação {{export}} ({{count}} linhas) está pronta. O link de download vale por {{days}} dias.",
    button: "Baixar",
  },
  weekly_report: {
    subject: "O seu relatório semanal de fidelidade de {{shop}}",
    heading: "A sua semana em {{shop}}",
    body: "De {{from}} a {{to}}: {{orders}} pedidos, dos quais {{memberOrders}} de membros; {{newMembers}} novos membros ({{members}} no total); {{earned}} pontos ganhos e {{redeemed}} resgatados (taxa de resgate {{rate}}); {{assisted}} de receita com uma recompensa de fidelidade e {{referred}} de amigos indicados.",
    button: "Abrir análises",
  },
};

const ja: Catalogue = {
  points_earned: {
    subject: "{{shop}}で{{points}} {{label}}を獲得しました",
    heading: "{{points}} {{label}}を獲得しました！",
    body: "ご注文ありがとうございます。{{points}} {{label}}がアカウントに追加されました。",
    button: "特典を見る",
  },
  reward_redeemed: {
    subject: "{{shop}}からの特典: {{reward}}",
    heading: "特典はこちらです",
    body: "{{reward}}と交換しました。チェックアウト時にこのコードをご利用ください: {{code}}",
    button: "今すぐ買い物する",
  },
  points_expiring: {
    subject: "{{points}} {{label}}はあと{{days}}日で失効します",
    heading: "{{label}}の有効期限が近づいています",
    body: "{{shop}}のアカウントにある{{points}} {{label}}はあと{{days}}日で失効します。お早めにご利用ください。",
    button: "{{label}}を使う",
  },
  points_expired: {
    subject: "{{shop}}の{{label}}が失効しました",
    heading: "{{label}}が失効しました",
    body: "アカウントの{{points}} {{label}}が失効しました。次回のご注文でまた貯めましょう。",
    button: "ストアへ行く",
  },
  birthday_reward: {
    subject: "{{shop}}よりお誕生日おめでとうございます！",
    heading: "お誕生日おめでとうございます！",
    body: "お祝いとして、アカウントに{{points}} {{label}}を追加しました。",
    button: "自分へのご褒美",
  },
  tier_up: {
    subject: "{{tier}}へようこそ！",
    heading: "{{tier}}に到達しました",
    body: "おめでとうございます。{{shop}}の{{tier}}会員になり、新しい特典をご利用いただけます。",
    button: "特典を見る",
  },
  tier_down: {
    subject: "{{shop}}の会員ランクが変わりました",
    heading: "現在のランクは{{tier}}です",
    body: "会員ランクが{{tier}}に変わりました。お買い物をしてランクを取り戻しましょう。",
    button: "ストアへ行く",
  },
  tier_demotion_notice: {
    subject: "{{shop}}の{{tier}}ランクを維持しましょう",
    heading: "{{tier}}ランクはあと{{days}}日で終了します",
    body: "{{days}}日以内にご注文いただくと、{{tier}}の特典を維持できます。",
    button: "今すぐ買い物する",
  },
  referral_invitation: {
    subject: "友達から{{shop}}への招待が届きました",
    heading: "招待が届きました",
    body: "友達があなたにぴったりだと思い{{shop}}を紹介しました。初回のご注文でこのコードをご利用ください: {{code}}",
    button: "プレゼントを受け取る",
  },
  referral_completed: {
    subject: "友達が注文しました: 特典を獲得しました",
    heading: "友達を紹介していただきありがとうございます",
    body: "友達が初めて注文したので、アカウントに{{points}} {{label}}を追加しました。",
    button: "特典を見る",
  },
  review_approved: {
    subject: "レビューをありがとうございます",
    heading: "レビューが公開されました",
    body: "レビューが承認され、{{points}} {{label}}を獲得しました。",
    button: "特典を見る",
  },
  import_completed: {
    subject: "{{shop}}へのインポートが完了しました",
    heading: "インポート完了",
    body: "インポート{{file}}が完了しました: {{count}}行をインポート、{{failed}}行をスキップしました。",
    button: "Laurelを開く",
  },
  export_ready: {
    subject: "{{shop}}の{{export}}エクスポートの準備ができました",
    heading: "エクスポートの準備ができました",
    body: "{{export}}エクスポート（{{count}}行）の準備ができました。ダウンロードリンクは{{days}}日間有効です。",
    button: "ダウンロード",
  },
  weekly_report: {
    subject: "{{shop}} の週間ロイヤルティレポート",
    heading: "{{shop}} の今週",
    body: "{{from}} から {{to}} まで：注文 {{orders}} 件（うち会員 {{memberOrders}} 件）、新規会員 {{newMembers}} 人（合計 {{members}} 人）、獲得ポイント {{earned}}、利用ポイント {{redeemed}}（利用率 {{rate}}）、ロイヤルティ特典を使った売上 {{assisted}}、紹介された友だちからの売上 {{referred}}。",
    button: "分析を開く",
  },
};

const id: Catalogue = {
  points_earned: {
    subject: "Anda mendapatkan {{points}} {{label}} di {{shop}}",
    heading: "Anda mendapatkan {{points}} {{label}}!",
    body: "Terima kasih atas pesanan Anda. {{points}} {{label}} telah ditambahkan ke akun Anda.",
    button: "Lihat hadiah saya",
  },
  reward_redeemed: {
    subject: "Hadiah Anda dari {{shop}}: {{reward}}",
    heading: "Ini hadiah Anda",
    body: "Anda telah menukarkan {{reward}}. Gunakan kode ini saat checkout: {{code}}",
    button: "Belanja sekarang",
  },
  points_expiring: {
    subject: "{{points}} {{label}} Anda kedaluwarsa dalam {{days}} hari",
    heading: "{{label}} Anda akan segera kedaluwarsa",
    body: "{{points}} {{label}} di akun {{shop}} Anda kedaluwarsa dalam {{days}} hari. Gunakan sebelum hilang.",
    button: "Gunakan {{label}} saya",
  },
  points_expired: {
    subject: "{{label}} Anda di {{shop}} telah kedaluwarsa",
    heading: "{{label}} Anda telah kedaluwarsa",
    body: "{{points}} {{label}} di akun Anda telah kedaluwarsa. Dapatkan lagi dengan pesanan berikutnya.",
    button: "Kunjungi toko",
  },
  birthday_reward: {
    subject: "Selamat ulang tahun dari {{shop}}!",
    heading: "Selamat ulang tahun!",
    body: "Untuk merayakannya, kami menambahkan {{points}} {{label}} ke akun Anda.",
    button: "Manjakan diri Anda",
  },
  tier_up: {
    subject: "Selamat datang di {{tier}}!",
    heading: "Anda mencapai {{tier}}",
    body: "Selamat: Anda kini anggota {{tier}} di {{shop}}, dengan keuntungan baru.",
    button: "Lihat keuntungan saya",
  },
  tier_down: {
    subject: "Level keanggotaan Anda di {{shop}} berubah",
    heading: "Anda sekarang {{tier}}",
    body: "Level keanggotaan Anda berubah menjadi {{tier}}. Belanja lagi untuk naik kembali.",
    button: "Kunjungi toko",
  },
  tier_demotion_notice: {
    subject: "Pertahankan status {{tier}} Anda di {{shop}}",
    heading: "Status {{tier}} Anda berakhir dalam {{days}} hari",
    body: "Lakukan pemesanan dalam {{days}} hari untuk mempertahankan keuntungan {{tier}} Anda.",
    button: "Belanja sekarang",
  },
  referral_invitation: {
    subject: "Seorang teman mengundang Anda ke {{shop}}",
    heading: "Anda diundang",
    body: "Seorang teman yakin Anda akan menyukai {{shop}}. Gunakan kode ini pada pesanan pertama Anda: {{code}}",
    button: "Ambil hadiah saya",
  },
  referral_completed: {
    subject: "Teman Anda telah memesan: Anda mendapatkan hadiah",
    heading: "Terima kasih telah mereferensikan teman",
    body: "Teman Anda melakukan pesanan pertama, jadi kami menambahkan {{points}} {{label}} ke akun Anda.",
    button: "Lihat hadiah saya",
  },
  review_approved: {
    subject: "Terima kasih atas ulasan Anda",
    heading: "Ulasan Anda sudah tayang",
    body: "Ulasan Anda telah disetujui dan memberi Anda {{points}} {{label}}.",
    button: "Lihat hadiah saya",
  },
  import_completed: {
    subject: "Impor Anda ke {{shop}} telah selesai",
    heading: "Impor selesai",
    body: "Impor {{file}} Anda selesai: {{count}} baris diimpor, {{failed}} baris dilewati.",
    button: "Buka Laurel",
  },
  export_ready: {
    subject: "Ekspor {{export}} Anda dari {{shop}} sudah siap",
    heading: "Ekspor Anda sudah siap",
    body: "Ekspor {{export}} Anda ({{count}} baris) sudah siap. Tautan unduhan berlaku selama {{days}} hari.",
    button: "Unduh",
  },
  weekly_report: {
    subject: "Laporan loyalitas mingguan Anda untuk {{shop}}",
    heading: "Minggu Anda di {{shop}}",
    body: "Dari {{from}} sampai {{to}}: {{orders}} pesanan, {{memberOrders}} di antaranya oleh anggota; {{newMembers}} anggota baru ({{members}} seluruhnya); {{earned}} poin diperoleh dan {{redeemed}} ditukarkan (tingkat penukaran {{rate}}); {{assisted}} pendapatan dengan hadiah loyalitas dan {{referred}} dari teman yang dirujuk.",
    button: "Buka analitik",
  },
};

export const moreCatalogues: Record<string, Catalogue> = { it, nl, pt, ja, id };

export const moreChrome: Record<string, MailChrome> = {
  it: {
    greeting: "Ciao {{name}},",
    unsubscribe: "Annulla l'iscrizione",
    balance: "Il tuo saldo: {{balance}} {{label}}",
  },
  nl: { greeting: "Hallo {{name}},", unsubscribe: "Afmelden", balance: "Je saldo: {{balance}} {{label}}" },
  pt: {
    greeting: "Olá {{name}},",
    unsubscribe: "Cancelar inscrição",
    balance: "Seu saldo: {{balance}} {{label}}",
  },
  ja: { greeting: "{{name}}様", unsubscribe: "配信停止", balance: "残高: {{balance}} {{label}}" },
  id: {
    greeting: "Halo {{name}},",
    unsubscribe: "Berhenti berlangganan",
    balance: "Saldo Anda: {{balance}} {{label}}",
  },
};
