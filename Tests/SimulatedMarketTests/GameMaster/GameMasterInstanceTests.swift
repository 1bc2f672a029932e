import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing

/// Game-master instances: isolated from each other, ended and freed on their deadline or on
/// stop, capped in number, restarted and resumed, and judged from their players' orders.
@Suite(.timeLimit(.minutes(10))) struct GameMasterInstanceTests {
    private func order(_ direction: String, _ qty: Int, at price: Int, account: String, venue: String) -> String {
        #"{"account":"\#(account)","venue":"\#(venue)","stock":"FOOBAR","price":\#(price),"qty":\#(qty),"direction":"\#(direction)","orderType":"limit"}"#
    }

    private func place(
        _ game: GameMasterFixture, _ direction: String, _ qty: Int, at price: Int, account: String, venue: String, key: String
    ) throws -> VenueHarness.Reply {
        try game.venue.call(
            "POST", "/venues/\(venue)/stocks/FOOBAR/orders", body: order(direction, qty, at: price, account: account, venue: venue), key: key)
    }

    @Test func twoInstancesNeverSeeEachOthersOrdersOrBooks() throws {
        let game = try GameMasterFixture()
        let first = try game.started("first_steps", key: "key-one")
        let second = try game.started("first_steps", key: "key-two")
        #expect(first.venue != second.venue)
        #expect(first.account != second.account)
        // A bid far below the bots' market, so that it rests on the first instance's book only.
        game.step(3)
        let mine = try place(game, "buy", 7, at: 1_234, account: first.account, venue: first.venue, key: "key-one")
        let id = try #require(mine.int("id"))
        let bids = { (venue: String) in
            try game.venue.get("/venues/\(venue)/stocks/FOOBAR").list("bids")?.compactMap { $0["price"] as? Int } ?? []
        }
        #expect(try bids(first.venue).contains(1_234))
        #expect(try !bids(second.venue).contains(1_234))
        #expect(try !bids("TESTEX").contains(1_234))
        // The second player may not place for, nor list, the first one's account.
        let placed = try place(game, "buy", 1, at: 1_000, account: first.account, venue: first.venue, key: "key-two")
        #expect(placed.status == 401)
        #expect(placed.error == "Not authorized: unknown API key.")
        // Within its instance, the key is in force for its account alone: a bot's order (the
        // one placed just before) is refused naming its owner, as the game did.
        let bots = try game.venue.get("/venues/\(first.venue)/stocks/FOOBAR/orders/\(id - 1)", key: "key-one")
        #expect(bots.status == 401)
        #expect(bots.error?.contains("You have to own account") == true)
        #expect(bots.error?.contains(first.account) == false)
        #expect(try game.venue.get("/venues/\(first.venue)/accounts/\(first.account)/orders", key: "key-two").status == 401)
        // On its own venue the second account has no orders, and the first's are unknown there.
        let own = try game.venue.get("/venues/\(second.venue)/accounts/\(second.account)/orders", key: "key-two")
        #expect(own.list("orders")?.isEmpty == true)
        #expect(try game.venue.get("/venues/\(first.venue)/accounts/\(first.account)/orders", key: "key-one").list("orders")?.count == 1)
    }

    @Test func anAbandonedInstanceEndsOnItsDeadlineAndItsMarketIsFreed() throws {
        let game = try GameMasterFixture {
            $0.levels = [GameMasterFixture.tinyLevel(.buy(shares: 100))]
            $0.endedMarketGraceSteps = 2
        }
        let instance = try game.started("tiny_level")
        game.step(3)
        #expect(try game.status(instance.id)["state"] as? String == "open")
        #expect(game.counts == (1, 0))
        game.step()
        #expect(game.counts == (0, 1))
        let reply = try game.status(instance.id)
        #expect(reply["done"] as? Bool == true)
        #expect(reply["state"] as? String == "lost")
        let flash = try #require(reply["flash"] as? [String: String])
        #expect(flash["danger"]?.contains("time ran out") == true)
        let details = try #require(reply["details"] as? [String: Any])
        #expect(details["tradingDay"] as? Int == 2)
        #expect((details["verdict"] as? [String: Any])?["outcome"] as? String == "failed")
        // The market answers a little longer, for the player's daemon to cancel and stop,
        // then goes.
        #expect(try game.venue.get("/venues/\(instance.venue)/stocks/FOOBAR").status == 200)
        game.step()
        #expect(try game.venue.get("/venues/\(instance.venue)/stocks/FOOBAR").status == 200)
        game.step()
        #expect(try game.venue.get("/venues/\(instance.venue)/stocks/FOOBAR").status == 404)
        game.step(5)
        #expect(game.counts == (0, 1))
    }

    @Test func onlyTheLastEndedInstancesAreRemembered() throws {
        let game = try GameMasterFixture { $0.endedInstancesKept = 2 }
        let ids = try (0..<3).map { _ in try game.started("first_steps").id }
        for id in ids { #expect(try game.act("stop", id).status == 200) }
        #expect(game.counts == (0, 2))
        #expect(try game.status(ids[0]).status == 404)
        for id in ids.dropFirst() { #expect(try game.status(id)["state"] as? String == "stopped") }
    }

    @Test func liveInstancesAreCappedPerKeyAndInAll() throws {
        let game = try GameMasterFixture {
            $0.maxLiveInstancesPerKey = 2
            $0.maxLiveInstances = 3
        }
        _ = try game.started("first_steps", key: "key-one")
        _ = try game.started("first_steps", key: "key-one")
        let perKey = try game.start("first_steps", key: "key-one")
        #expect(perKey.status == 429)
        #expect(perKey.ok == false)
        #expect(perKey.error?.isEmpty == false)
        let third = try game.started("first_steps", key: "key-two")
        let inAll = try game.start("first_steps", key: "key-three")
        #expect(inAll.status == 429)
        #expect(try game.act("stop", third.id, key: "key-two").status == 200)
        #expect(try game.start("first_steps", key: "key-three").status == 200)
    }

    @Test func stopEndsAnInstanceAndRestartAndResumeAnswerTheStart() throws {
        let game = try GameMasterFixture()
        let first = try game.started("first_steps", seed: 5)
        let resumed = try game.act("resume", first.id)
        #expect(resumed.status == 200)
        #expect(resumed["account"] as? String == first.account)
        #expect(resumed["venues"] as? [String] == [first.venue])

        let stopped = try game.act("stop", first.id)
        #expect(stopped.status == 200)
        #expect(stopped.json.keys.sorted() == ["ok"])
        #expect(stopped.ok == true)
        let status = try game.status(first.id)
        #expect(status["done"] as? Bool == true)
        #expect(status["state"] as? String == "stopped")
        #expect((status["flash"] as? [String: String])?["warning"] != nil)
        #expect(try game.act("resume", first.id).status == 409)
        #expect(try game.venue.get("/venues/\(first.venue)/heartbeat").status == 404)

        let restarted = try game.act("restart", first.id)
        #expect(restarted.status == 200)
        #expect(restarted.int("instanceId") == first.id)
        let venue = try #require((restarted["venues"] as? [String])?.first)
        #expect(try game.status(first.id)["state"] as? String == "open")
        #expect(try game.venue.get("/venues/\(venue)/heartbeat").status == 200)
        #expect(game.counts == (1, 0))
        #expect(try game.act("resume", first.id)["account"] as? String == restarted["account"] as? String)
    }

    @Test func aPlayerBuyingOverHTTPWinsFirstSteps() throws {
        let game = try GameMasterFixture()
        let instance = try game.started("first_steps", seed: 1)
        game.step(5)
        // A buy priced well through the bots' asks ($50 or so), for the level's 100 shares.
        let placed = try place(game, "buy", 100, at: 9_000, account: instance.account, venue: instance.venue, key: "player-key")
        #expect(placed.status == 200, "\(placed.text)")
        var steps = 0
        while try game.status(instance.id)["done"] as? Bool == false, steps < 50 {
            game.step()
            steps += 1
        }
        let reply = try game.status(instance.id)
        #expect(reply["state"] as? String == "won")
        #expect((reply["flash"] as? [String: String])?["success"]?.contains("holds 100 of 100 shares") == true)
        let verdict = try #require((reply["details"] as? [String: Any])?["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "passed")
        #expect(verdict["positionShares"] as? Int == 100)
        #expect(game.counts == (0, 1))
    }

    @Test func aPlayerBuyingTooLittleLosesAShortLevel() throws {
        let game = try GameMasterFixture { $0.levels = [GameMasterFixture.tinyLevel(.buy(shares: 100))] }
        let instance = try game.started("tiny_level", seed: 2)
        game.step(2)
        #expect(try place(game, "buy", 10, at: 9_000, account: instance.account, venue: instance.venue, key: "player-key").status == 200)
        game.step(2)
        let reply = try game.status(instance.id)
        #expect(reply["state"] as? String == "lost")
        let verdict = try #require((reply["details"] as? [String: Any])?["verdict"] as? [String: Any])
        #expect(verdict["outcome"] as? String == "failed")
        #expect(verdict["positionShares"] as? Int == 10)
        #expect((reply["flash"] as? [String: String])?["danger"]?.contains("holding 10 of 100 shares") == true)
    }

    @Test func chockABlockRevealsItsTargetInTheFlashAndTheDetails() throws {
        let game = try GameMasterFixture()
        let instance = try game.started("chock_a_block", seed: 1)
        game.step(5)
        #expect(try place(game, "buy", 50, at: 9_000, account: instance.account, venue: instance.venue, key: "player-key").status == 200)
        game.step()
        let reply = try game.status(instance.id)
        let target = try #require((reply["details"] as? [String: Any])?["targetPriceCents"] as? Int)
        let text = try #require((reply["flash"] as? [String: String])?["info"])
        #expect(text.contains("target is revealed"))
        #expect(text.contains(Price(cents: Int64(target)).description))
    }
}
