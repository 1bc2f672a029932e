import APIClient
import HTTP
import HTTPTesting
import StockFighter
import StrategyKit
import Testing

/// The invoker's fault rules over `https://`: each fault of `FaultTests` behind a TLS front with
/// a certificate made by the test, and the faults TLS adds (a failed handshake, a refused
/// certificate). A read is retried where a retry may help; a placement is sent once, and a
/// failure before it was sent is never `outcomeUnknown`.
@Suite(.timeLimit(.minutes(10))) struct TLSFaultTests {
    /// `body` with an https invoker reaching `server` through a TLS front in `mode`, trusting
    /// the test's authority; the front and the certificates are gone afterwards.
    private func withFront(
        _ server: MisbehavingServer, _ mode: (TestCertificates) throws -> TLSFront.Mode, timingOut: Bool = false,
        _ body: (CommandInvoker, LogCollector) async throws -> Void
    ) async throws {
        let certificates = try TestCertificates()
        defer { certificates.remove() }
        let front = try TLSFront(backend: HTTPAddress(host: "127.0.0.1", port: server.port), mode: try mode(certificates))
        defer { front.stop() }
        let log = LogCollector()
        let policy = faultPolicy(timingOut: timingOut)
        let transport = try ExchangeEndpoint(baseURL: "https://\(front.address)/ob/api")
            .makeTransport(timeout: policy.attemptTimeout, caFile: certificates.caFile)
        try await body(CommandInvoker(transport: transport, basePath: server.basePath, apiKey: secretKey, policy: policy, log: log.handler), log)
    }

    private static func loopback(_ certificates: TestCertificates) throws -> TLSFront.Mode {
        .tls(try certificates.issue("loopback", names: ["IP:127.0.0.1"]))
    }

    @Test func booksArriveOverHTTPS() async throws {
        let server = try MisbehavingServer(.resetOnPost(body: Fixtures.book))
        defer { server.stop() }
        try await withFront(server, Self.loopback) { client, _ in
            for _ in 0..<3 {
                let book = try await client.run(foobarBook)
                #expect(book.symbol == "FOOBAR" && !book.bids.isEmpty)
            }
        }
    }

    @Test func refusedConnectionIsCouldNotConnectRetriedForReadsNotForPlaces() async throws {
        try await MisbehavingServer.withRefusingPort { port in
            let log = LogCollector()
            let client = CommandInvoker(
                transport: try ExchangeEndpoint(baseURL: "https://127.0.0.1:\(port)/ob/api").makeTransport(timeout: .seconds(10)),
                apiKey: secretKey, policy: faultPolicy(), log: log.handler)
            guard case .transport(.couldNotConnect) = await failure(client, foobarBook) else { Issue.record("read not couldNotConnect"); return }
            guard case .transport(.couldNotConnect) = await failure(client, placeFoobar) else { Issue.record("place not couldNotConnect"); return }
            #expect(log.all.count == 4)
        }
    }

    @Test func failedHandshakeIsItsOwnErrorRetriedForReadsAndNeverAnUnknownPlacement() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: Fixtures.book))
        defer { server.stop() }
        try await withFront(server, { .outdatedTLS(try $0.issue("old", names: ["IP:127.0.0.1"])) }) { client, log in
            guard case .transport(.tlsHandshakeFailed) = await failure(client, foobarBook) else { Issue.record("read did not fail the handshake"); return }
            #expect(log.all.count == 3)
            guard case .transport(.tlsHandshakeFailed) = await failure(client, placeFoobar) else { Issue.record("place did not fail the handshake"); return }
            #expect(log.all.count == 4)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func certificateOfAnUnknownAuthorityIsRejectedOnceAndNothingIsSent() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: Fixtures.book))
        defer { server.stop() }
        try await withFront(server, { .tls(try $0.issue("self", names: ["IP:127.0.0.1"], selfSigned: true)) }) { client, log in
            let read = await failure(client, foobarBook)
            guard case .transport(.certificateRejected(let why)) = read else { Issue.record("read gave \(String(describing: read))"); return }
            #expect(why.contains("self-signed") && read?.mayHaveReachedServer == false)
            guard case .transport(.certificateRejected) = await failure(client, placeFoobar) else { Issue.record("place not rejected"); return }
            #expect(log.all.count == 2)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func certificateForAnotherHostIsRejectedAndNothingIsSent() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: Fixtures.book))
        defer { server.stop() }
        try await withFront(server, { .tls(try $0.issue("other", names: ["DNS:api.other.example"])) }) { client, _ in
            let place = await failure(client, placeFoobar)
            guard case .transport(.certificateRejected(let why)) = place else { Issue.record("place gave \(String(describing: place))"); return }
            #expect(why.contains("mismatch"))
        }
        #expect(server.requests.isEmpty)
    }

    @Test func silentServerTimesOutRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.silent)
        defer { server.stop() }
        try await withFront(server, Self.loopback, timingOut: true) { client, _ in
            guard case .transport(.timedOut) = await failure(client, foobarBook) else { Issue.record("read did not time out"); return }
            let reached3 = try await server.requests(reaching: 3)
            #expect(reached3.count == 3)
            guard case .outcomeUnknown = await failure(client, placeFoobar) else { Issue.record("place not outcomeUnknown"); return }
            let reached4 = try await server.requests(reaching: 4)
            #expect(reached4.count == 4)
        }
    }

    @Test func closeMidResponseIsConnectionLostRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.closeMidResponse)
        defer { server.stop() }
        try await withFront(server, Self.loopback) { client, _ in
            guard case .transport(.connectionLost) = await failure(client, foobarBook) else { Issue.record("read not connectionLost"); return }
            let reads = server.requests.count
            #expect(reads >= 3)
            guard case .outcomeUnknown = await failure(client, placeFoobar) else { Issue.record("place not outcomeUnknown"); return }
            #expect(server.requests.count == reads + 1)
        }
    }

    @Test func dripTooSlowTimesOutRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.drip(status: 200, body: Fixtures.book, interval: .milliseconds(30)))
        defer { server.stop() }
        try await withFront(server, Self.loopback, timingOut: true) { client, _ in
            guard case .transport(.timedOut) = await failure(client, foobarBook) else { Issue.record("read did not time out"); return }
            let reached3 = try await server.requests(reaching: 3)
            #expect(reached3.count == 3)
            guard case .outcomeUnknown = await failure(client, placeFoobar) else { Issue.record("place not outcomeUnknown"); return }
            let reached4 = try await server.requests(reaching: 4)
            #expect(reached4.count == 4)
        }
    }

    @Test func htmlBadGatewayIsHTTPStatusQuotingThePageRetriedForReadsAndUnknownForPlaces() async throws {
        let page = "<html><body><h1>502 Bad Gateway</h1></body></html>"
        let server = try MisbehavingServer(.respond(status: 502, body: page))
        defer { server.stop() }
        try await withFront(server, Self.loopback) { client, _ in
            #expect(await failure(client, foobarBook) == .httpStatus(502, message: "non-JSON body: \"\(page)\""))
            #expect(server.requests.count == 3)
            let placed = await failure(client, placeFoobar)
            guard case .outcomeUnknown = placed else { Issue.record("place gave \(String(describing: placed))"); return }
            #expect(server.requests.count == 4)
        }
    }

    /// libcurl, under URLSession, sends a request again when a reused connection dies before
    /// the answer (curl/curl#18417); a placement must not be.
    @Test func placementOnAReusedConnectionThatIsResetIsWrittenOnceNeverResent() async throws {
        let server = try MisbehavingServer(.resetOnPost(body: Fixtures.book))
        defer { server.stop() }
        try await withFront(server, Self.loopback) { client, _ in
            _ = try await client.run(foobarBook)
            let placed = await failure(client, placeFoobar)
            guard case .outcomeUnknown(let unknown) = placed else { Issue.record("place gave \(String(describing: placed))"); return }
            #expect(unknown.order == placeFoobar)
            let book = try await client.run(foobarBook)
            #expect(book.symbol == "FOOBAR")
        }
        #expect(server.requests.filter { $0.hasPrefix("POST ") }.count == 1)
    }
}
