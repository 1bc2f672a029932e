import HTTP
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing
import WebSocket

/// StockFighter's feeds of a game-master instance's venue: served from the instance's own
/// market, closed when the instance ends.
@Suite(.timeLimit(.minutes(10))) struct GameMasterFeedTests {
    @Test func anInstancesExecutionsFeedCarriesItsFillsAndClosesWhenItIsStopped() async throws {
        let game = try GameMasterFixture()
        let instance = try game.started("first_steps")
        game.step(3)
        let inbox = WebSocketInbox()
        var headers = HTTPHeaders()
        headers.add(name: "X-Starfighter-Authorization", value: "player-key")
        let url = WebSocketURL(
            address: game.venue.server.address, secure: false,
            target: "/ob/api/ws/\(instance.account)/venues/\(instance.venue)/executions")
        let client = try WebSocketClient(url: url, headers: headers, onEvent: inbox.handler)
        defer { client.close() }
        let body = #"{"account":"\#(instance.account)","venue":"\#(instance.venue)","stock":"FOOBAR","price":9000,"qty":10,"direction":"buy","orderType":"limit"}"#
        let placed = try game.venue.call("POST", "/venues/\(instance.venue)/stocks/FOOBAR/orders", body: body, key: "player-key")
        #expect(placed.status == 200)
        #expect(await inbox.wait(for: #""venue":"\#(instance.venue)""#))
        #expect(try game.act("stop", instance.id).status == 200)
        #expect(await inbox.waitForClose() != nil)
        // A venue no instance trades is the exchange's own, which refuses it as unknown.
        let gone = try game.venue.get("/venues/\(instance.venue)/heartbeat")
        #expect(gone.status == 404)
    }
}
