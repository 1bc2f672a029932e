import Foundation
@testable import HTTP
import HTTPTesting
import Testing
import TestSupport

/// The client connection over TLS, against our own HTTPServer behind a `TLSFront` with
/// certificates made by the test: verification, the handshake's failures, resumption, and a long
/// keep-alive run that must not grow the process.
@Suite(.timeLimit(.minutes(10))) struct TLSClientConnectionTests {
    /// A plain server answering every request with its target, behind a TLS front in `mode`,
    /// and a client trusting the test's authority; every piece is stopped afterwards.
    private func withFront(
        _ mode: (TestCertificates) throws -> TLSFront.Mode, trustTestCA: Bool = true, host: String = "127.0.0.1",
        _ body: (HTTPClientConnection) throws -> Void
    ) throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let server = try HTTPServer { request in HTTPResponse(status: 200, contentType: "text/plain", text: request.target) }
        defer { server.stop() }
        let front = try TLSFront(backend: server.address, mode: try mode(certificates))
        defer { front.stop() }
        let client = HTTPClientConnection(
            address: HTTPAddress(host: host, port: front.address.port),
            configuration: HTTPClientConfiguration(connectTimeout: .seconds(5), responseTimeout: .seconds(5)),
            tls: try TLSClientContext(caFile: trustTestCA ? certificates.caFile : nil))
        defer { client.close() }
        try body(client)
    }

    private static func loopback(_ certificates: TestCertificates) throws -> TLSFront.Mode {
        .tls(try certificates.issue("loopback", names: ["IP:127.0.0.1", "DNS:localhost"]))
    }

    private func failure(_ client: HTTPClientConnection) -> HTTPError? {
        do throws(HTTPError) {
            _ = try client.send(HTTPRequest(method: "GET", target: "/q"))
            return nil
        } catch {
            return error
        }
    }

    @Test func getsOverVerifiedTLSAndKeepsTheConnection() throws {
        try withFront(Self.loopback) { client in
            for index in 0..<3 {
                let response = try client.send(HTTPRequest(method: "GET", target: "/\(index)"))
                #expect(response.bodyText == "/\(index)")
            }
            #expect(!client.lastHandshakeResumed)
        }
    }

    @Test func aNewConnectionResumesTheLastSession() throws {
        try withFront(Self.loopback) { client in
            let first = try client.send(HTTPRequest(method: "GET", target: "/1"))
            client.close()
            let second = try client.send(HTTPRequest(method: "GET", target: "/2"))
            #expect(first.bodyText == "/1" && second.bodyText == "/2")
            #expect(client.lastHandshakeResumed)
        }
    }

    @Test func certificateOfAnUnknownAuthorityIsRejected() throws {
        try withFront(Self.loopback, trustTestCA: false) { client in
            guard case .certificateRejected(let address, let reason) = failure(client) else {
                Issue.record("not rejected")
                return
            }
            #expect(address == client.address.description && reason.contains("issuer"))
        }
    }

    @Test func selfSignedCertificateIsRejectedEvenWithATrustedAuthorityAdded() throws {
        try withFront({ .tls(try $0.issue("self", names: ["IP:127.0.0.1"], selfSigned: true)) }) { client in
            guard case .certificateRejected(_, let reason) = failure(client) else {
                Issue.record("not rejected")
                return
            }
            #expect(reason.contains("self-signed"))
        }
    }

    @Test func certificateForAnotherHostIsRejected() throws {
        try withFront({ .tls(try $0.issue("other", names: ["DNS:other.example", "IP:127.0.0.2"])) }) { client in
            guard case .certificateRejected(_, let reason) = failure(client) else {
                Issue.record("not rejected")
                return
            }
            #expect(reason.contains("mismatch"))
        }
    }

    @Test func aHostNameIsCheckedAgainstTheCertificatesDNSNames() throws {
        try withFront({ .tls(try $0.issue("named", names: ["DNS:localhost"])) }, host: "localhost") { client in
            let response = try client.send(HTTPRequest(method: "GET", target: "/named"))
            #expect(response.bodyText == "/named")
        }
        try withFront({ .tls(try $0.issue("wildcard", names: ["DNS:*.localhost", "DNS:other.example"])) }, host: "localhost") { client in
            guard case .certificateRejected(_, let reason) = failure(client) else {
                Issue.record("not rejected")
                return
            }
            #expect(reason.contains("mismatch"))
        }
    }

    @Test func serverSpeakingOnlyOutdatedTLSFailsTheHandshake() throws {
        try withFront({ .outdatedTLS(try $0.issue("old", names: ["IP:127.0.0.1"])) }) { client in
            guard case .tlsHandshakeFailed(let address, _) = failure(client) else {
                Issue.record("handshake did not fail")
                return
            }
            #expect(address == client.address.description)
        }
    }

    /// A TLS client of a server that runs `script` on the accepted socket.
    private func scriptedFailure(_ script: @escaping @Sendable (RawSocket) -> Void) throws -> HTTPError? {
        let server = ScriptedServer(script: script)
        defer { server.finish() }
        let client = HTTPClientConnection(
            address: HTTPAddress(host: "127.0.0.1", port: server.port),
            configuration: HTTPClientConfiguration(connectTimeout: .milliseconds(500)), tls: try TLSClientContext())
        defer { client.close() }
        return failure(client)
    }

    @Test func plainHTTPServerFailsTheHandshake() throws {
        let error = try scriptedFailure { socket in
            socket.send("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
        }
        guard case .tlsHandshakeFailed = error else {
            Issue.record("handshake did not fail: \(String(describing: error))")
            return
        }
    }

    @Test func serverClosingDuringTheHandshakeFailsIt() throws {
        let error = try scriptedFailure { _ in }
        guard case .tlsHandshakeFailed = error else {
            Issue.record("handshake did not fail: \(String(describing: error))")
            return
        }
    }

    @Test func silentServerTimesOutTheHandshakeBeforeSending() throws {
        let error = try scriptedFailure { socket in _ = socket.readToEnd(limit: 4096) }
        #expect(error == .timedOut(requestSent: false))
    }

    @Test func unreadableCAFileIsASetupFailure() {
        #expect {
            try TLSClientContext(caFile: "/nonexistent/tickwork-ca.pem")
        } throws: { error in
            guard case .tlsSetupFailed(let reason) = error as? HTTPError else { return false }
            return reason.contains("/nonexistent/tickwork-ca.pem")
        }
    }

    /// 100,000 requests on one keep-alive TLS connection. A leak of 170 bytes a request (what
    /// URLSession leaks here) would grow the process by 17 MB; allocator noise stays far below
    /// the 4 MB allowed. Resident memory is the whole process's, and in the full run other
    /// suites allocate meanwhile, so the loop runs in a process of its own: this test binary,
    /// filtered to this test alone, which the test waits for.
    @Test func hundredThousandKeepAliveGetsDoNotGrowTheProcess() throws {
        guard ProcessInfo.processInfo.environment[Self.isolatedVariable] != nil else {
            let name = "hundredThousandKeepAliveGetsDoNotGrowTheProcess()"
            let output = try Self.runIsolated("TLSClientConnectionTests/hundredThousandKeepAliveGetsDoNotGrowTheProcess")
            #expect(output.status == 0 && output.text.contains("\(name) passed"), "\(output.text)")
            return
        }
        try withFront(Self.loopback) { client in
            let request = HTTPRequest(method: "GET", target: "/book")
            for _ in 0..<5_000 { _ = try client.send(request) }
            let before = try Self.residentBytes()
            for _ in 0..<100_000 {
                let response = try client.send(request)
                guard response.status == 200 else {
                    Issue.record("status \(response.status)")
                    return
                }
            }
            let growth = try Self.residentBytes() - before
            #expect(growth < 4 * 1024 * 1024, "grew by \(growth) bytes")
            // One connection throughout: a reconnect would have resumed the session.
            #expect(!client.lastHandshakeResumed)
        }
    }

    /// Set in the process that runs a test alone.
    private static let isolatedVariable = "TICKWORK_TEST_ISOLATED"

    /// Runs this test binary on the Swift Testing tests matching `filter`, alone, and returns its
    /// exit status and output once it has exited.
    private static func runIsolated(_ filter: String) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
        process.environment = ProcessInfo.processInfo.environment.merging([isolatedVariable: "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    private static func residentBytes() throws -> Int {
        let statm = try String(contentsOfFile: "/proc/self/statm", encoding: .utf8).split(separator: " ")
        return (Int(statm[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
