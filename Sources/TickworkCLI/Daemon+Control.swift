import CommandLineKit
import FoundationEssentials
import Monitor

extension Daemon {
    /// The operator's control socket (`Configuration.controlSocketPath`), serving `control`;
    /// started before trading, so that a path that cannot be served fails the start (exit 1).
    func startControlServer(_ control: ControlRoutes) throws -> ControlServer {
        let path = configuration.controlSocketPath(environment: ProcessInfo.processInfo.environment)
        let server: ControlServer
        do {
            server = try ControlServer(path: path, routes: control)
        } catch {
            throw CLIError.failure("\(configuration.file): \(error)")
        }
        logger.forPart("control").info("serving", ["socket": path])
        return server
    }
}
