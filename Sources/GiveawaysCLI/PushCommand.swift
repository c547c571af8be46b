import ArgumentParser
import Foundation
import GiveawaysDomain
import GiveawaysUpstream

/// `giveaways push`: the server's Web Push keys.
struct PushCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push", abstract: "Manage the server's Web Push (VAPID) keys.",
        subcommands: [RotateKeys.self])

    /// `giveaways push rotate-keys`.
    struct RotateKeys: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate-keys",
            abstract: "Make a new VAPID key pair; every device must subscribe again.",
            discussion: """
                Push services accept messages for a subscription only when signed with the key the browser subscribed \
                with, so every existing subscription dies with the old key: they are removed. Run it with the server \
                stopped (or restart the server afterwards): a running server keeps the key it started with.
                """)

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let opened = try await store.openStore()
            let secrets = opened.secrets
            try await secrets.forgetServerSecret(named: VAPIDKeys.secretName)
            let keys = try await VAPIDKeys.load(from: secrets)
            let removed = try await (opened.hooks as? any PushDeviceRepository)?.removeAllPushSubscriptions() ?? 0
            await opened.close()
            Console.print("New VAPID public key: \(keys.publicKeyText)")
            Console.print(
                "Removed \(removed) push subscription\(removed == 1 ? "" : "s"). Every device must subscribe again: "
                    + "Settings → Notifications → Notify this device. Restart the server if it is running.")
        }
    }
}
