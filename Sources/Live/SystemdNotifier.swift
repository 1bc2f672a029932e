import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// Speaks systemd's notify protocol (sd_notify(3)) over the datagram socket named by
/// `$NOTIFY_SOCKET`, with Glibc alone. Without `$NOTIFY_SOCKET` every call does nothing, so
/// the daemon runs the same outside systemd.
public struct SystemdNotifier: Sendable {
    /// The socket path; a leading `@` names an abstract socket.
    public let socketPath: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The watchdog interval systemd asked for (`$WATCHDOG_USEC`), if any and meant for us.
    public static func watchdogInterval(environment: [String: String] = ProcessInfo.processInfo.environment) -> Duration? {
        guard let text = environment["WATCHDOG_USEC"], let usec = Int64(text), usec > 0 else { return nil }
        if let pid = environment["WATCHDOG_PID"], pid != String(getpid()) { return nil }
        return .microseconds(usec)
    }

    /// `READY=1`: start-up is complete.
    public func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    /// `STATUS=...`: a one-line state for `systemctl status`.
    public func status(_ text: String) { send("STATUS=\(text)") }
    /// `WATCHDOG=1`: the main loop is alive.
    public func watchdog() { send("WATCHDOG=1") }
    /// `RELOADING=1`: a configuration reload has begun; `ready` ends it.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let usec = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1_000
        send("RELOADING=1\nMONOTONIC_USEC=\(usec)")
    }
    /// `STOPPING=1`: shutdown has begun.
    public func stopping() { send("STOPPING=1") }

    /// Sends one datagram; returns whether it was sent. Failures are not errors: systemd may
    /// simply not be listening.
    @discardableResult
    public func send(_ message: String) -> Bool {
        guard let socketPath else { return false }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(socketPath.utf8)
        if pathBytes.first == UInt8(ascii: "@") { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + pathBytes.count + (pathBytes.first == 0 ? 0 : 1))
        let sent = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, text, strlen(text), Int32(MSG_NOSIGNAL), $0, length)
                }
            }
        }
        return sent >= 0
    }
}
