import Foundation

extension ChannelsText {
    package static let english = ChannelsText(
        telegram: "Telegram", apprise: "Apprise", telegramTitle: "Add a Telegram chat",
        telegramIntro:
            "Make a bot with @BotFather, add it to your chat or channel, and enter the bot's token and the chat's id.",
        botToken: "Bot token", botTokenHint: "Kept secret: it is never shown again.",
        chatID: "Chat id (a number like -1001234567890, or @channelname)", addTelegram: "Add Telegram chat",
        appriseTitle: "Add an Apprise server",
        appriseIntro:
            "An Apprise API server passes notifications on to e-mail, Matrix, Slack, Signal and 100 more services.",
        appriseAddress: "Apprise address (…/notify/your-key, or …/notify with target URLs)",
        appriseTargets: "Target URLs (for …/notify only)",
        appriseTargetsHint: "Apprise URLs such as mailto://… or matrix://…, separated by spaces. Kept secret.",
        addApprise: "Add Apprise server", tokenSet: "token set", targetsSet: "targets set",
        badToken: "That is not a Telegram bot token (it looks like 123456789:AAH…).",
        badChat: "A chat id is a number (like -1001234567890) or @channelname.",
        appriseNeedsNotify: "An Apprise address ends in /notify/your-key, or in /notify with target URLs.",
        appriseNeedsTargets: "The address ends in /notify: enter the target URLs too.",
        targetsTooLong: "The target URLs are too long (at most 2,000 characters).",
        eventReminder: "reminders for hearted giveaways", eventBack: "hearted giveaways back",
        eventStarted: "hearted announced giveaways going free",
        remindMe: "A reminder before a giveaway I hearted ends",
        hearted: "A giveaway I hearted is back in the feed, or goes free after its announcement",
        scheduleTitle: "When news comes",
        reminderLead: "Remind me before a giveaway I hearted ends", leadOff: "Never",
        leadHours: { $0 == 1 ? "1 hour before" : "\($0) hours before" }, howNewsComes: "How news comes",
        atOnce: "Every giveaway at once", dailySummary: "One summary a day, at", quietHours: "Quiet hours, from",
        quietTo: "to",
        urgentHint:
            "Quiet hours hold everything but reminders until they end; reminders come at once, since a giveaway cannot wait.",
        timeZone: "Time zone",
        timeZoneHint: { "An IANA name such as Europe/Berlin. Left empty: your browser's, else the server's (\($0))." },
        saveSchedule: "Save", badLead: "Choose when to be reminded.", badTime: "Write a time as HH:MM, like 08:00.",
        quietSame: "Quiet hours must start and end at different times.",
        badZone: "That is not a time zone name (like Europe/Berlin or America/Los_Angeles).")

    package static let german = ChannelsText(
        telegram: "Telegram", apprise: "Apprise", telegramTitle: "Telegram-Chat hinzufügen",
        telegramIntro:
            "Erstelle mit @BotFather einen Bot, füge ihn deinem Chat oder Kanal hinzu und gib das Token des Bots und die ID des Chats ein.",
        botToken: "Bot-Token", botTokenHint: "Bleibt geheim: Es wird nie wieder angezeigt.",
        chatID: "Chat-ID (eine Zahl wie -1001234567890 oder @kanalname)", addTelegram: "Telegram-Chat hinzufügen",
        appriseTitle: "Apprise-Server hinzufügen",
        appriseIntro:
            "Ein Apprise-API-Server leitet Benachrichtigungen an E-Mail, Matrix, Slack, Signal und über 100 weitere Dienste weiter.",
        appriseAddress: "Apprise-Adresse (…/notify/dein-schlüssel oder …/notify mit Ziel-URLs)",
        appriseTargets: "Ziel-URLs (nur für …/notify)",
        appriseTargetsHint: "Apprise-URLs wie mailto://… oder matrix://…, durch Leerzeichen getrennt. Bleiben geheim.",
        addApprise: "Apprise-Server hinzufügen", tokenSet: "Token gesetzt", targetsSet: "Ziele gesetzt",
        badToken: "Das ist kein Telegram-Bot-Token (es sieht aus wie 123456789:AAH…).",
        badChat: "Eine Chat-ID ist eine Zahl (wie -1001234567890) oder @kanalname.",
        appriseNeedsNotify: "Eine Apprise-Adresse endet auf /notify/dein-schlüssel oder auf /notify mit Ziel-URLs.",
        appriseNeedsTargets: "Die Adresse endet auf /notify: Gib auch die Ziel-URLs ein.",
        targetsTooLong: "Die Ziel-URLs sind zu lang (höchstens 2.000 Zeichen).",
        eventReminder: "Erinnerungen an gemerkte Giveaways", eventBack: "gemerkte Giveaways wieder da",
        eventStarted: "angekündigte gemerkte Giveaways jetzt gratis",
        remindMe: "Eine Erinnerung, bevor ein gemerktes Giveaway endet",
        hearted: "Ein gemerktes Giveaway ist wieder im Feed oder wird nach seiner Ankündigung gratis",
        scheduleTitle: "Wann Neuigkeiten kommen",
        reminderLead: "Erinnere mich, bevor ein gemerktes Giveaway endet", leadOff: "Nie",
        leadHours: { $0 == 1 ? "1 Stunde vorher" : "\($0) Stunden vorher" }, howNewsComes: "Wie Neuigkeiten kommen",
        atOnce: "Jedes Giveaway sofort", dailySummary: "Eine Zusammenfassung am Tag, um", quietHours: "Ruhezeit, von",
        quietTo: "bis",
        urgentHint:
            "Die Ruhezeit hält alles außer Erinnerungen zurück, bis sie endet; Erinnerungen kommen sofort, denn ein Giveaway wartet nicht.",
        timeZone: "Zeitzone",
        timeZoneHint: {
            "Ein IANA-Name wie Europe/Berlin. Leer: die deines Browsers, sonst die des Servers (\($0))."
        },
        saveSchedule: "Speichern", badLead: "Wähle, wann du erinnert werden willst.",
        badTime: "Schreibe eine Uhrzeit als HH:MM, etwa 08:00.",
        quietSame: "Die Ruhezeit muss zu verschiedenen Zeiten beginnen und enden.",
        badZone: "Das ist kein Zeitzonen-Name (wie Europe/Berlin oder America/Los_Angeles).")
}
