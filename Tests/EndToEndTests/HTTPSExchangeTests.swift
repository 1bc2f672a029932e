import Foundation
import HTTP
import HTTPTesting
import Testing

/// The exchange commands over `https://`: a spawned `tickwork exchange` behind a TLS front whose
/// certificate comes from an authority made by the test, trusted through `exchange.caFile` or
/// `SSL_CERT_FILE`.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct HTTPSExchangeTests {
    @Test func theConfiguredCAFileIsTrustedAndNothingElseIs() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let backend = try #require(HTTPAddress(parsing: exchange.listenAddress))
        let front = try TLSFront(backend: backend, mode: .tls(try certificates.issue("loopback", names: ["IP:127.0.0.1"])))
        defer { front.stop() }
        let baseURL = "https://\(front.address)/ob/api"
        func configuration(_ name: String, caFile: String) throws -> String {
            let file = "\(certificates.directory)/\(name).json"
            let text = #"{"version": 1, "exchange": {"baseURL": "\#(baseURL)", "caFile": "\#(caFile)"}, "strategies": [{"id": "a", "plugin": "FirstSteps", "symbols": ["FOOBAR"]}]}"#
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            return file
        }

        let trusted = try await TickworkProcess.run(["heartbeat", "--config", try configuration("trusted", caFile: "ca.pem")])
        #expect(trusted.status == 0 && trusted.stdout.contains("venue TESTEX are up"), "\(trusted.stderr)")

        let untrusted = try await TickworkProcess.run(["heartbeat", "--base-url", baseURL])
        #expect(untrusted.status == 1 && untrusted.stderr.contains("certificate rejected"), "\(untrusted.stderr)")

        // OpenSSL's default store, which SSL_CERT_FILE replaces.
        let byEnvironment = try await TickworkProcess.run(["heartbeat", "--base-url", baseURL], environment: ["SSL_CERT_FILE": certificates.caFile])
        #expect(byEnvironment.status == 0, "\(byEnvironment.stderr)")

        let missing = try await TickworkProcess.run(["heartbeat", "--config", try configuration("missing", caFile: "nowhere.pem")])
        #expect(missing.status == 1 && missing.stderr.contains("exchange.caFile") && missing.stderr.contains("nowhere.pem"), "\(missing.stderr)")
    }
}
