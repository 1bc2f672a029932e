import Engine
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A datagram socket standing in for systemd's notify socket.
final class NotifySocket {
    let path: String
    let descriptor: Int32

    init() throws {
        path = NSTemporaryDirectory() + "tickwork-notify-\(UUID().uuidString.prefix(8))"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next datagram, or nil after the 5-second receive time-out.
    func receive() -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : nil
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}

@Suite struct SystemdNotifierTests {
    @Test func sendsEachStateAsADatagram() throws {
        let socket = try NotifySocket()
        let notifier = SystemdNotifier(environment: ["NOTIFY_SOCKET": socket.path])
        notifier.ready(status: "trading")
        #expect(socket.receive() == "READY=1\nSTATUS=trading")
        notifier.watchdog()
        #expect(socket.receive() == "WATCHDOG=1")
        notifier.reloading()
        #expect(socket.receive()?.hasPrefix("RELOADING=1\nMONOTONIC_USEC=") == true)
        notifier.stopping()
        #expect(socket.receive() == "STOPPING=1")
    }

    @Test func withoutNotifySocketNothingIsSent() {
        #expect(SystemdNotifier(environment: [:]).send("READY=1") == false)
    }

    @Test func watchdogIntervalIsReadForThisProcessOnly() {
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000"]) == .seconds(3))
        #expect(SystemdNotifier.watchdogInterval(environment: ["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": "1"]) == nil)
        #expect(SystemdNotifier.watchdogInterval(environment: [:]) == nil)
    }
}
