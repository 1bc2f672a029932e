import Foundation
import HTTP
import MarketTestSupport
@testable import SimulatedMarket
import StrategyKit
import Testing
import WebSocket

/// Alpaca's streams over the simulated exchange's WebSocket server, read by our own client.
@Suite(.timeLimit(.minutes(10)))
struct AlpacaStreamRouteTests {
    static func connect(_ market: AlpacaHarness, _ path: String, headers: HTTPHeaders = HTTPHeaders()) throws -> (WebSocketClient, WebSocketInbox) {
        let inbox = WebSocketInbox()
        let url = WebSocketURL(address: market.venue.server.address, secure: false, target: path)
        return (try WebSocketClient(url: url, headers: headers, onEvent: inbox.handler), inbox)
    }

    @Test func marketDataIsServedAsJSONFromGreetingToQuotesAndTrades() async throws {
        let market = try AlpacaHarness()
        let (client, inbox) = try Self.connect(market, "/v2/iex")
        defer { client.close() }
        // Sent at once, not after the greeting: a test waiting on a loaded machine could pass the
        // 10-second auth time-out, which the exchange enforces as Alpaca does.
        client.send(text: #"{"action":"auth","key":"ALPACA1","secret":"any"}"#)
        client.send(text: #"{"action":"subscribe","trades":["FOOBAR"],"quotes":["FOOBAR"]}"#)
        #expect(await inbox.wait(for: #""T":"subscription""#))
        #expect(inbox.received.first.map { String(decoding: $0.bytes, as: UTF8.self) } == #"[{"T":"success","msg":"connected"}]"#)
        try market.rest("sell", 10, at: 9_900)
        _ = try market.order("buy", "4")
        #expect(await inbox.wait(for: #""T":"t""#))
        let kinds = inbox.json().compactMap { $0 as? [[String: Any]] }.flatMap { $0 }.compactMap { $0["T"] as? String }
        #expect(kinds.starts(with: ["success", "success", "subscription", "q"]) && kinds.contains("t"), "\(kinds)")
        #expect(inbox.received.allSatisfy { if case .text = $0 { true } else { false } })
    }

    @Test func tradeUpdatesComeToTheOlderAuthenticateFormAsBinaryJSON() async throws {
        let market = try AlpacaHarness()
        let (client, inbox) = try Self.connect(market, "/stream")
        defer { client.close() }
        client.send(text: #"{"action":"authenticate","data":{"key_id":"ALPACA1","secret_key":"secret-1"}}"#)
        #expect(await inbox.wait(for: #""status":"authorized""#))
        client.send(text: #"{"action":"listen","data":{"streams":["trade_updates"]}}"#)
        #expect(await inbox.wait(for: #""stream":"listening""#))
        try market.rest("sell", 10, at: 10_000)
        _ = try market.order("buy", "4", type: "limit", limit: "100")
        #expect(await inbox.wait(for: #""event":"fill""#))
        #expect(inbox.received.allSatisfy { if case .binary = $0 { true } else { false } })
    }

    @Test func aWrongSecretIsUnauthorizedAndClosed() async throws {
        let market = try AlpacaHarness(apiKeys: [Account("ALPACA1"): "secret-1"])
        let (client, inbox) = try Self.connect(market, "/v2/sip")
        client.send(text: #"{"action":"auth","key":"ALPACA1","secret":"wrong"}"#)
        #expect(await inbox.wait(for: #"[{"T":"error","code":402,"msg":"auth failed"}]"#))
        #expect(await inbox.waitForClose() != nil)
    }

    @Test func aConnectionThatNeverSignsInIsAnsweredAuthTimeoutAndClosed() async throws {
        let market = try AlpacaHarness()
        let (client, inbox) = try Self.connect(market, "/v2/iex")
        defer { client.close() }
        // Nothing is sent: the exchange itself must notice the 10 seconds passing, as Alpaca does.
        #expect(await inbox.wait(seconds: 60, for: #"[{"T":"error","code":404,"msg":"auth timeout"}]"#))
        #expect(await inbox.waitForClose() != nil)
    }

    @Test func aSecondConnectionPastTheKeysLimitIsRefused406() async throws {
        let market = try AlpacaHarness { $0.alpaca?.streamConnectionLimit = 1 }
        let (first, firstInbox) = try Self.connect(market, "/v2/iex")
        defer { first.close() }
        first.send(text: #"{"action":"auth","key":"ALPACA1","secret":"any"}"#)
        #expect(await firstInbox.wait(for: "authenticated"))
        let (second, secondInbox) = try Self.connect(market, "/v2/iex")
        second.send(text: #"{"action":"auth","key":"ALPACA1","secret":"any"}"#)
        #expect(await secondInbox.wait(for: #"[{"T":"error","code":406,"msg":"connection limit exceeded"}]"#))
        #expect(await secondInbox.waitForClose() != nil)
        // The first one's end frees its place.
        first.close()
        #expect(await firstInbox.waitForClose() != nil)
        try await Task.sleep(for: .milliseconds(100))
        let (third, thirdInbox) = try Self.connect(market, "/v2/iex")
        defer { third.close() }
        third.send(text: #"{"action":"auth","key":"ALPACA1","secret":"any"}"#)
        #expect(await thirdInbox.wait(for: "authenticated"))
    }

    @Test func aMessagePackClientIsAnsweredInMessagePack() async throws {
        let market = try AlpacaHarness()
        let (client, inbox) = try Self.connect(market, "/v2/iex", headers: ["Content-Type": "application/msgpack"])
        defer { client.close() }
        // {"action":"auth","key":"ALPACA1","secret":"any"}: a fixmap of three fixstr pairs.
        let fixstr = { (text: String) in [0xA0 | UInt8(text.utf8.count)] + Array(text.utf8) }
        let auth = [0x83] + fixstr("action") + fixstr("auth") + fixstr("key") + fixstr("ALPACA1") + fixstr("secret") + fixstr("any")
        client.send(binary: auth)
        #expect(await inbox.wait { $0.count >= 2 })
        // [{"T":"success","msg":"connected"}]
        let greeting: [UInt8] = [0x91, 0x82, 0xA1, 0x54, 0xA7] + Array("success".utf8) + [0xA3] + Array("msg".utf8) + [0xA9] + Array("connected".utf8)
        #expect(inbox.received.first == .binary(greeting))
        #expect(inbox.received.dropFirst().first.map { MessagePackReader.json(from: $0.bytes) } == Array(#"[{"T":"success","msg":"authenticated"}]"#.utf8))
    }
}
