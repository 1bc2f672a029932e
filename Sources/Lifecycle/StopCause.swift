#if canImport(Glibc)
import Glibc
#endif

/// Why a `ServiceGroup` stopped its services: the first of these to happen.
public enum StopCause: Sendable, CustomStringConvertible {
    /// One of the group's shutdown signals arrived (its number).
    case signal(Int32)
    /// The named service returned on its own, and its entry says that ends the group.
    case finished(service: String)
    /// The named service threw.
    case failed(service: String, error: any Error)
    /// The task running the group was cancelled.
    case cancelled

    /// `SIGTERM`, `SIGINT` (the names the daemon logs as its stop reason), `engine finished`,
    /// `ledger failed: <error>`, `cancelled`.
    public var description: String {
        switch self {
        case .signal(let number): return Self.signalName(number)
        case .finished(let service): return "\(service) finished"
        case .failed(let service, let error): return "\(service) failed: \(error)"
        case .cancelled: return "cancelled"
        }
    }

    /// The usual name of signal `number` (`SIGTERM`), or `signal <number>` for one not named here.
    public static func signalName(_ number: Int32) -> String {
        switch number {
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        case SIGHUP: return "SIGHUP"
        case SIGQUIT: return "SIGQUIT"
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        default: return "signal \(number)"
        }
    }
}
