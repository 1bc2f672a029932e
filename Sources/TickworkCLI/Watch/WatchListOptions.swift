import CommandLineKit
import FoundationEssentials
import Quotes

/// What the `watch` commands share: `--list NAME` and the store in the state directory.
enum WatchListOptions {
    static let list: Option<String> = .defaulted(
        "--list", "NAME", default: WatchLists.defaultName, help: "The watch list (default: \(WatchLists.defaultName)).", parse: .text)

    /// The store in the state directory the environment names.
    static func store() throws -> WatchListStore {
        WatchListStore(directory: try StateDirectory.path(ProcessInfo.processInfo.environment))
    }

    /// The watch lists as saved; an unreadable file is a failure naming it.
    static func load(_ store: WatchListStore) throws -> WatchLists {
        do throws(WatchListStore.StoreError) {
            return try store.load()
        } catch {
            throw CLIError.failure("\(error)")
        }
    }
}
