import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing

/// The game master's endpoints: every field of their answers with its type, the names a level
/// is started by, and the refusals (key, level, instance, owner).
@Suite(.timeLimit(.minutes(10))) struct GameMasterAPITests {
    @Test func startingALevelAnswersEveryFieldOfTheGame() throws {
        let game = try GameMasterFixture()
        let reply = try game.start("first_steps", seed: 3)
        #expect(reply.status == 200)
        #expect(reply.ok == true)
        #expect(reply.int("instanceId") == 1)
        let account = try #require(reply["account"] as? String)
        #expect(account.wholeMatch(of: /[A-Z]{3}[0-9]{6}/) != nil)
        let venues = try #require(reply["venues"] as? [String])
        #expect(venues.count == 1)
        #expect(venues[0].wholeMatch(of: /[A-Z]{4}EX/) != nil)
        #expect(venues[0] != "TESTEX")
        #expect(reply["tickers"] as? [String] == ["FOOBAR"])
        let instructions = try #require(reply["instructions"] as? [String: String])
        #expect(Set(instructions.keys) == ["Instructions", "Order Types"])
        #expect(instructions["Instructions"]?.contains("100 shares") == true)
        #expect(instructions["Order Types"]?.contains("Immediate-or-cancel") == true)
        #expect(reply.int("secondsPerTradingDay") == 5)
        #expect(reply["balances"] as? [String: Int] == ["USD": 0])
        #expect(Set(reply.json.keys) == ["ok", "instanceId", "account", "venues", "tickers", "instructions", "secondsPerTradingDay", "balances"])
    }

    @Test func anInstanceStatusAnswersEveryField() throws {
        let game = try GameMasterFixture()
        let id = try game.started("first_steps").id
        game.step()
        let reply = try game.status(id)
        #expect(reply.status == 200)
        #expect(reply.ok == true)
        #expect(reply["done"] as? Bool == false)
        #expect(reply.int("id") == id)
        #expect(reply["state"] as? String == "open")
        let details = try #require(reply["details"] as? [String: Any])
        #expect(details["tradingDay"] as? Int == 1)
        #expect(details["endOfTheWorldDay"] as? Int == 2)
        #expect(details["targetPriceCents"] == nil)
        let verdict = try #require(details["verdict"] as? [String: Any])
        #expect(verdict["level"] as? String == "first-steps")
        #expect(verdict["outcome"] as? String == "running")
        #expect(verdict["positionShares"] as? Int == 0)
        let flash = try #require(reply["flash"] as? [String: String])
        #expect(Array(flash.keys) == ["info"])
        #expect(flash["info"]?.contains("position 0") == true)
        #expect(Set(reply.json.keys) == ["ok", "done", "id", "state", "details", "flash"])
    }

    @Test func aLevelIsStartedByTheGamesNameOrTheCommandLinesAndAnUnknownOneIs404() throws {
        let game = try GameMasterFixture()
        for name in ["first_steps", "chock_a_block", "sell_side", "first-steps", "sell-side"] {
            #expect(try game.start(name).status == 200, "\(name)")
        }
        let unknown = try game.start("second_steps")
        #expect(unknown.status == 404)
        #expect(unknown.ok == false)
        #expect(unknown.error?.contains("second_steps") == true)
    }

    @Test func theSeedIsAWholeNumber() throws {
        let game = try GameMasterFixture()
        let reply = try game.venue.request("POST", "/gm/levels/first_steps?seed=abc", key: "player-key")
        #expect(reply.status == 400)
        #expect(reply.ok == false)
    }

    @Test func everyCallNeedsAKey() throws {
        let game = try GameMasterFixture()
        let id = try game.started("first_steps").id
        for key in [nil, ""] as [String?] {
            let replies = [try game.start("first_steps", key: key), try game.status(id, key: key), try game.act("stop", id, key: key)]
            for reply in replies {
                #expect(reply.status == 401)
                #expect(reply.ok == false)
                #expect(reply.error?.contains("X-Starfighter-Authorization") == true)
            }
        }
        #expect(game.counts.live == 1)
    }

    @Test func withAccountsOnlyAKnownKeyStartsALevel() throws {
        let game = try GameMasterFixture(apiKeys: ["EXB123456": "known-key"])
        let unknown = try game.start("first_steps", key: "guessed-key")
        #expect(unknown.status == 401)
        #expect(unknown.ok == false)
        #expect(try game.start("first_steps", key: "known-key").status == 200)
    }

    @Test func onlyTheKeyThatStartedAnInstanceSeesOrActsOnIt() throws {
        let game = try GameMasterFixture()
        let id = try game.started("first_steps").id
        for action in ["stop", "restart", "resume"] {
            let reply = try game.act(action, id, key: "other-key")
            #expect(reply.status == 401, "\(action)")
            #expect(reply.error?.contains("another API key") == true)
        }
        #expect(try game.status(id, key: "other-key").status == 401)
        #expect(try game.status(id)["state"] as? String == "open")
    }

    @Test func anUnknownInstanceOrEndpointIs404() throws {
        let game = try GameMasterFixture()
        #expect(try game.status(7).status == 404)
        #expect(try game.status(7).ok == false)
        #expect(try game.act("stop", 7).status == 404)
        #expect(try game.venue.request("GET", "/gm/nothing", key: "player-key").status == 404)
    }

    @Test func judgingIsRefusedOnALevelNotJudgedOnAnAccusation() throws {
        let game = try GameMasterFixture()
        let id = try game.started("first_steps").id
        let reply = try game.act("judge", id, body: #"{"account":"ABC123456","explanation_link":"x","executive_summary":"y"}"#)
        #expect(reply.status == 400)
        #expect(reply.error == "This level is not judged on an accusation.")
    }

    @Test func makingAmendsIsWonByNamingItsInsiderAndLostByNamingAnyoneElse() throws {
        let game = try GameMasterFixture()
        for accuseTheInsider in [true, false] {
            let started = try game.started("making_amends")
            game.step(5)
            let insider = try #require(game.venue.server.insider(on: Venue(started.venue)))
            // While open the flash says what is asked, not trading figures that do not count here.
            let info = try #require(try game.status(started.id)["flash"] as? [String: String])["info"]
            #expect(info == "The task: find the account trading on inside knowledge among the venue's traders and name it to the judge.")
            let accused = accuseTheInsider ? insider : Account(started.account)
            let reply = try game.act(
                "judge", started.id, body: #"{"account":"\#(accused.rawValue)","explanation_link":"x","executive_summary":"y"}"#)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply["done"] as? Bool == true)
            #expect(reply["state"] as? String == (accuseTheInsider ? "won" : "lost"))
            let flash = try #require(reply["flash"] as? [String: Any])
            let verdict = accuseTheInsider ? "\(insider.rawValue) is the insider" : "\(accused.rawValue) is not the insider"
            #expect((flash[accuseTheInsider ? "success" : "danger"] as? String)?.contains(verdict) == true)
            // Judged once: the instance has ended.
            #expect(try game.act("judge", started.id, body: #"{"account":"\#(insider.rawValue)"}"#).status == 409)
            #expect(try game.status(started.id)["state"] as? String == (accuseTheInsider ? "won" : "lost"))
        }
    }

    @Test func aJudgeRequestWithoutAnAccusedAccountIs400() throws {
        let game = try GameMasterFixture()
        let id = try game.started("making_amends").id
        for body in [nil, "{}", #"{"account":""}"#, "not json"] {
            let reply = try game.act("judge", id, body: body)
            #expect(reply.status == 400, "\(body ?? "no body")")
            #expect(reply.error?.contains("naming the accused") == true)
        }
        #expect(try game.status(id)["state"] as? String == "open")
    }

    @Test func theInstancesVenueAnswersTheTradingAPI() throws {
        let game = try GameMasterFixture()
        let venue = try game.started("first_steps").venue
        game.step(3)
        let heartbeat = try game.venue.get("/venues/\(venue)/heartbeat")
        #expect(heartbeat.status == 200)
        #expect(heartbeat["venue"] as? String == venue)
        let stocks = try game.venue.get("/venues/\(venue)/stocks")
        #expect(stocks.list("symbols")?.map { $0["symbol"] as? String } == ["FOOBAR"])
        let book = try game.venue.get("/venues/\(venue)/stocks/FOOBAR")
        #expect(book.status == 200)
        #expect(book.list("asks")?.isEmpty == false)
        // The exchange's own venue has no bots and is untouched by the instance's.
        #expect(try game.venue.get("/venues/TESTEX/stocks/FOOBAR").list("asks")?.isEmpty ?? true)
    }
}
