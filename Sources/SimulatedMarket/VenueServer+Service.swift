import HTTP
import Lifecycle

extension VenueServer: Service {
    /// Serves (and lets the bots trade) until the task is cancelled or `stop()` is called, then
    /// stops the bots and the server as `stop()` does, and returns once their threads have ended.
    public func run() async {
        await server.run()
        stop()
    }
}
