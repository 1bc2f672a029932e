import Lifecycle
import Live

/// What a caller running the daemon in-process (a level) may put in place of the daemon's own
/// choices. The default changes nothing: `tickwork run` uses none of them.
struct DaemonHooks {
    /// Where a reload (SIGHUP, or a `.reload` posted to the inbox) reads the configuration,
    /// instead of the configuration file.
    var reloadSource: (@Sendable () throws -> Configuration)?
    /// Called once, on the daemon's thread, with the runner's inbox just before trading starts:
    /// the way to post `.reload` and `.stop` from outside.
    var started: ((Inbox<LiveRunner.Message>) -> Void)?
}
