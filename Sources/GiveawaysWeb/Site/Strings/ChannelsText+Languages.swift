import Foundation

extension ChannelsText {
    static let english = ChannelsText(
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
        remindMe: "A reminder before a giveaway I hearted ends",
        hearted: "A giveaway I hearted is back in the feed")

    static let german = ChannelsText(
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
        remindMe: "Eine Erinnerung, bevor ein gemerktes Giveaway endet",
        hearted: "Ein gemerktes Giveaway ist wieder im Feed")
}
