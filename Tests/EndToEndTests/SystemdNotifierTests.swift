import Foundation
import Live
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.processHeavy, .timeLimit(.minutes(10))) struct SystemdNotifierTests {
    @Test func sendsEachStateAsADatagram() throws {
        let socket = try NotifyListener()
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
