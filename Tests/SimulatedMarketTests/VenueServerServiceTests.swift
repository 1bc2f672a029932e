import HTTP
import SimulatedMarket
import Testing

@Suite(.timeLimit(.minutes(10))) struct VenueServerServiceTests {
    @Test func servesUntilCancelledThenStops() async throws {
        var configuration = try VenueConfiguration()
        configuration.bots = BotConfiguration(bots: 2)
        configuration.botInterval = .milliseconds(5)
        let server = try VenueServer(configuration: configuration)
        let service = Task { await server.run() }
        let client = HTTPClientConnection(address: server.address)
        defer { client.close() }
        #expect(try client.send(HTTPRequest(method: "GET", target: "/ob/api/heartbeat")).status == 200)
        service.cancel()
        await service.value
        #expect(throws: HTTPError.self) { try client.send(HTTPRequest(method: "GET", target: "/ob/api/heartbeat")) }
    }
}
