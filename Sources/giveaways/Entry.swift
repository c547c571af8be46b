import GiveawaysCLI

/// Starts the `giveaways` command; everything else lives in GiveawaysCLI.
@main
enum Entry {
    static func main() async {
        await GiveawaysCommand.main()
    }
}
