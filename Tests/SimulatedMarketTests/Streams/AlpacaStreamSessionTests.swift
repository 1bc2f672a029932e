import Foundation
@testable import SimulatedMarket
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10)))
struct AlpacaStreamSessionTests {
    let opened = Timestamp(nanoseconds: 1_700_000_000_000_000_000)

    private func dataSession(symbolLimit: Int = 30) -> AlpacaDataStreamSession {
        AlpacaDataStreamSession(openedAt: opened, symbolLimit: symbolLimit) { key, secret in
            key == "ALPACA1" && secret == "secret-1" ? Account("ALPACA1") : nil
        }
    }

    private func at(seconds: Int64) -> Timestamp { Timestamp(nanoseconds: opened.nanoseconds + seconds * 1_000_000_000) }

    /// The one message of `reply`, parsed: the array's first element.
    private func single(_ reply: StreamReply) throws -> [String: Any] {
        try #require(reply.messages.count == 1)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(reply.messages[0])) as? [[String: Any]])
        try #require(array.count == 1)
        return array[0]
    }

    private func expectError(_ reply: StreamReply, _ code: Int, _ message: String, closes: Bool = false) throws {
        let error = try single(reply)
        #expect(Set(error.keys) == ["T", "code", "msg"])
        #expect(error["T"] as? String == "error" && error["code"] as? Int == code && error["msg"] as? String == message)
        #expect(reply.close == closes)
    }

    private func text(_ json: String) -> [UInt8] { Array(json.utf8) }

    private let auth = #"{"action":"auth","key":"ALPACA1","secret":"secret-1"}"#

    @Test func greetsThenAuthenticatesWithTheAccountsKey() throws {
        var session = dataSession()
        let hello = try single(session.greeting())
        #expect(hello["T"] as? String == "success" && hello["msg"] as? String == "connected")
        let reply = session.receive(text(auth), at: at(seconds: 1))
        #expect(try single(reply)["msg"] as? String == "authenticated" && !reply.close)
        #expect(session.account == Account("ALPACA1"))
        try expectError(session.receive(text(auth), at: at(seconds: 2)), 403, "already authenticated")
    }

    @Test func aWrongSecretFailsAuthAndCloses() throws {
        var session = dataSession()
        let wrong = text(#"{"action":"auth","key":"ALPACA1","secret":"nope"}"#)
        try expectError(session.receive(wrong, at: at(seconds: 1)), 402, "auth failed", closes: true)
        #expect(session.account == nil)
    }

    @Test func beforeAuthEverythingElseIsNotAuthenticated() throws {
        var session = dataSession()
        try expectError(session.receive(text(#"{"action":"subscribe","trades":["FOOBAR"]}"#), at: at(seconds: 1)), 401, "not authenticated")
        try expectError(session.receive(text("not json"), at: at(seconds: 1)), 400, "invalid syntax")
        try expectError(session.receive(text(#"{"trades":["FOOBAR"]}"#), at: at(seconds: 1)), 400, "invalid syntax")
    }

    @Test func noAuthWithinTenSecondsTimesOut() throws {
        var session = dataSession()
        #expect(session.tick(at: at(seconds: 9)) == StreamReply())
        try expectError(session.tick(at: at(seconds: 10)), 404, "auth timeout", closes: true)
        try expectError(session.receive(text(auth), at: at(seconds: 11)), 404, "auth timeout", closes: true)
        var authenticated = dataSession()
        _ = authenticated.receive(text(auth), at: at(seconds: 1))
        #expect(authenticated.tick(at: at(seconds: 60)) == StreamReply())
    }

    @Test func subscribeAndUnsubscribeAnswerTheWholeSubscription() throws {
        var session = dataSession()
        _ = session.receive(text(auth), at: at(seconds: 1))
        let subscribe = text(#"{"action":"subscribe","trades":["AAPL"],"quotes":["AMD","AAPL"],"bars":["*"]}"#)
        let first = try single(session.receive(subscribe, at: at(seconds: 2)))
        #expect(Set(first.keys) == [
            "T", "trades", "quotes", "bars", "updatedBars", "dailyBars", "statuses", "lulds", "corrections", "cancelErrors",
        ])
        #expect(first["T"] as? String == "subscription")
        #expect(first["trades"] as? [String] == ["AAPL"] && first["quotes"] as? [String] == ["AMD", "AAPL"])
        #expect(first["bars"] as? [String] == ["*"] && first["statuses"] as? [String] == [])
        let second = try single(session.receive(text(#"{"action":"unsubscribe","quotes":["AMD"],"bars":["*"]}"#), at: at(seconds: 3)))
        #expect(second["trades"] as? [String] == ["AAPL"] && second["quotes"] as? [String] == ["AAPL"] && second["bars"] as? [String] == [])
        #expect(session.channels.symbols(.quotes) == ["AAPL"])
        try expectError(session.receive(text(#"{"action":"dance"}"#), at: at(seconds: 4)), 400, "invalid syntax")
    }

    @Test func theSymbolLimitCountsStarAsOneAndRefusesPastIt() throws {
        var session = dataSession(symbolLimit: 2)
        _ = session.receive(text(auth), at: at(seconds: 1))
        _ = try single(session.receive(text(#"{"action":"subscribe","trades":["*"],"quotes":["AAPL"]}"#), at: at(seconds: 2)))
        #expect(session.channels.symbolCount == 2)
        try expectError(session.receive(text(#"{"action":"subscribe","bars":["AMD"]}"#), at: at(seconds: 3)), 405, "symbol limit exceeded")
        #expect(session.channels.symbols(.bars) == [])
        _ = try single(session.receive(text(#"{"action":"subscribe","bars":["AAPL","*"]}"#), at: at(seconds: 4)))
    }

    @Test func theTradingStreamAuthorizesThenListens() throws {
        var session = AlpacaTradingStreamSession { key, secret in key == "ALPACA1" && secret == "secret-1" ? Account("ALPACA1") : nil }
        let early = try object(session.receive(text(#"{"action":"listen","data":{"streams":["trade_updates"]}}"#)))
        #expect(early["stream"] as? String == "authorization")
        #expect((early["data"] as? [String: Any])?["status"] as? String == "unauthorized")
        let authorized = try object(session.receive(text(auth)))
        #expect(authorized["stream"] as? String == "authorization")
        #expect((authorized["data"] as? [String: Any])?["status"] as? String == "authorized")
        #expect((authorized["data"] as? [String: Any])?["action"] as? String == "authenticate")
        let listening = try object(session.receive(text(#"{"action":"listen","data":{"streams":["trade_updates","nope"]}}"#)))
        #expect(listening["stream"] as? String == "listening")
        #expect((listening["data"] as? [String: Any])?["streams"] as? [String] == ["trade_updates"])
        #expect(session.listening == Account("ALPACA1"))
        _ = session.receive(text(#"{"action":"listen","data":{"streams":[]}}"#))
        #expect(session.listening == nil)
    }

    @Test func theTradingStreamRefusesAWrongKeyAndCloses() throws {
        var session = AlpacaTradingStreamSession { _, _ in nil }
        let reply = session.receive(text(#"{"action":"authenticate","data":{"key_id":"ALPACA1","secret_key":"x"}}"#))
        #expect(reply.close)
        #expect((try object(reply)["data"] as? [String: Any])?["status"] as? String == "unauthorized")
    }

    private func object(_ reply: StreamReply) throws -> [String: Any] {
        try #require(reply.messages.count == 1)
        return try #require(try JSONSerialization.jsonObject(with: Data(reply.messages[0])) as? [String: Any])
    }
}
