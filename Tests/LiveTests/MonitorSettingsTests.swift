import Foundation
import Live
import Testing

/// The `monitor` object of a configuration: off by default, loopback by default, one token source.
@Suite(.timeLimit(.minutes(10))) struct MonitorSettingsTests {
    static func parse(_ edit: (inout [String: Any]) -> Void) throws -> Configuration {
        let data = try ConfigurationTests().document(edit)
        return try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
    }

    @Test func theMonitorIsOffUnlessConfiguredAndListensOnLoopbackByDefault() throws {
        #expect(try Self.parse { _ in }.monitor == nil)
        #expect(try Self.parse { $0["monitor"] = [String: Any]() }.monitor == MonitorSettings(listen: "127.0.0.1:9464", token: nil))
        let withToken = try Self.parse { $0["monitor"] = ["listen": "0.0.0.0:9464", "tokenFile": "monitor-token"] }
        #expect(withToken.monitor == MonitorSettings(listen: "0.0.0.0:9464", token: .file("monitor-token")))
        #expect(try Self.parse { $0["monitor"] = ["tokenEnv": "TOKEN"] }.monitor?.token == .environment("TOKEN"))
    }

    @Test func bothTokenSourcesOrAnUnknownKeyAreRefusedNamingTheKey() throws {
        let both = ConfigurationTests().error(try ConfigurationTests().document { $0["monitor"] = ["tokenEnv": "T", "tokenFile": "f"] })
        #expect(both?.keyPath == "monitor.tokenFile")
        let unknown = ConfigurationTests().error(try ConfigurationTests().document { $0["monitor"] = ["port": 9464] })
        #expect(unknown?.keyPath == "monitor.port")
    }
}
