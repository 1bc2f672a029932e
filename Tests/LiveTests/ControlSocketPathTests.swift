import Foundation
import Live
import Testing

/// Where the daemon serves its control socket and the commands look for it: the configuration's
/// `controlSocket`, then systemd's runtime directory, the user's, and beside the state file.
@Suite(.timeLimit(.minutes(10))) struct ControlSocketPathTests {
    static func configuration(_ extra: String = "") throws -> Configuration {
        let text = """
            {"version": 1,
             "exchange": {"baseURL": "http://127.0.0.1:8080/ob/api", "venue": "TESTEX", "account": "EXB123456"},
             "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 10}}],
             "riskStatePath": "/var/lib/tickwork/risk.json"\(extra)}
            """
        return try Configuration.parse(Data(text.utf8), file: "test.json", directory: "/etc/tickwork")
    }

    @Test func eachPlaceInItsOrder() throws {
        let plain = try Self.configuration()
        let systemd = ["RUNTIME_DIRECTORY": "/run/tickwork:/run/other", "XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(plain.controlSocketPath(environment: systemd) == "/run/tickwork/tickwork.sock")
        let user = plain.controlSocketPath(environment: ["XDG_RUNTIME_DIR": "/run/user/1000"])
        #expect(user.hasPrefix("/run/user/1000/tickwork/") && user.hasSuffix(".sock") && user.count == "/run/user/1000/tickwork/".count + 21)
        #expect(plain.controlSocketPath(environment: [:]) == "/var/lib/tickwork/tickwork.sock")
        let named = try Self.configuration(#", "controlSocket": "run/control.sock""#)
        #expect(named.controlSocketPath(environment: systemd) == "/etc/tickwork/run/control.sock", "relative: beside the configuration")
    }

    @Test func twoStateFilesOfOneUserGetTwoSockets() throws {
        let first = try Self.configuration()
        var second = try Self.configuration()
        second.riskStatePath = "/srv/other/risk.json"
        let environment = ["XDG_RUNTIME_DIR": "/run/user/1000"]
        #expect(first.controlSocketPath(environment: environment) != second.controlSocketPath(environment: environment))
    }
}
