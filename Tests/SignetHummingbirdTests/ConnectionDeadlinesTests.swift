import NIOCore
import Testing
@testable import SignetHummingbird

/// The connection guard's state machine, without a socket: which deadline applies when, and what a
/// refused request may still be answered with.
@Suite("ConnectionDeadlines")
struct ConnectionDeadlinesTests {
    static let limits = ConnectionLimits(headTimeout: .seconds(10), idleTimeout: .seconds(75))
    static let start = NIODeadline.uptimeNanoseconds(1_000_000_000_000)

    static func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    @Test("a new connection's first head is due within the head bound of the connection, not of its first byte")
    func firstHead() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        #expect(machine.connected(now: Self.start) == .wake(at: Self.at(10)))
        #expect(machine.bytesArrived(now: Self.at(9)) == .none)
        #expect(machine.deadline == Self.at(10))
        #expect(machine.timerFired(now: Self.at(10)) == .timeout(.head))
        #expect(machine.isClosing)
    }

    @Test("a connection that sent nothing is closed without an answer")
    func silent() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.connected(now: Self.start)
        #expect(machine.timerFired(now: Self.at(10)) == .timeout(.silent))
    }

    @Test("bytes dripped into a head never move its deadline")
    func drip() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.connected(now: Self.start)
        for second in 1...9 { #expect(machine.bytesArrived(now: Self.at(Int64(second))) == .none) }
        #expect(machine.deadline == Self.at(10))
    }

    @Test("after an answer the connection idles under the idle bound; its next byte starts a head deadline")
    func keepAlive() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.connected(now: Self.start)
        _ = machine.headArrived(now: Self.start)
        #expect(machine.deadline == nil)
        #expect(machine.requestEnded(now: Self.at(1)) == .none)
        machine.responseStarted()
        #expect(machine.responseEnded(now: Self.at(2)) == .wake(at: Self.at(77)))
        #expect(machine.timerFired(now: Self.at(10)) == .wake(at: Self.at(77)))
        #expect(machine.bytesArrived(now: Self.at(50)) == .wake(at: Self.at(60)))
        #expect(machine.timerFired(now: Self.at(60)) == .timeout(.head))
    }

    @Test("a connection idle past the idle bound is closed without an answer")
    func idle() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.headArrived(now: Self.start)
        _ = machine.requestEnded(now: Self.at(1))
        _ = machine.responseEnded(now: Self.at(1))
        #expect(machine.timerFired(now: Self.at(76)) == .timeout(.silent))
    }

    @Test("no deadline while requests are in flight with their bodies in, however long the application takes")
    func busy() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.headArrived(now: Self.start)
        _ = machine.requestEnded(now: Self.at(1))
        #expect(machine.timerFired(now: Self.at(1_000)) == .none)
        #expect(!machine.isClosing)
    }

    @Test("a body is due within the body bound of its head, and each 500 bytes that arrive give it a second more")
    func bodyBound() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        #expect(machine.headArrived(now: Self.start) == .wake(at: Self.at(20)))
        #expect(machine.bytesArrived(now: Self.at(5), count: 1_000) == .none)
        #expect(machine.bodyDeadline == Self.at(22))
        #expect(machine.timerFired(now: Self.at(20)) == .wake(at: Self.at(22)))
        // A byte at a time buys 2 ms each: a drip slower than the rate falls behind.
        for second in 6...21 { _ = machine.bytesArrived(now: Self.at(Int64(second)), count: 1) }
        #expect(machine.bodyDeadline == Self.at(22) + .milliseconds(32))
        #expect(machine.timerFired(now: Self.at(23)) == .timeout(.stalledBody))
        #expect(machine.isClosing)

        var answered = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = answered.headArrived(now: Self.start)
        answered.responseStarted()
        #expect(answered.timerFired(now: Self.at(20)) == .timeout(.requestBody), "an answer is under way: closed, not answered")

        var complete = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = complete.headArrived(now: Self.start)
        _ = complete.requestEnded(now: Self.at(19))
        #expect(complete.bodyDeadline == nil)
        #expect(complete.timerFired(now: Self.at(20)) == .none)
    }

    @Test("an answer sent before its request's body has arrived leaves the rest due within the head bound")
    func answeredEarly() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.headArrived(now: Self.start)
        machine.responseStarted()
        #expect(machine.responseEnded(now: Self.at(1)) == .wake(at: Self.at(11)))
        #expect(machine.requestEnded(now: Self.at(5)) == .wake(at: Self.at(80)))
        var slow = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = slow.headArrived(now: Self.start)
        _ = slow.responseEnded(now: Self.at(1))
        #expect(slow.timerFired(now: Self.at(11)) == .timeout(.requestBody))
    }

    @Test("100 Continue may be written for the one request in flight, never beside another's answer")
    func mayContinue() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        #expect(!machine.mayContinue)
        _ = machine.headArrived(now: Self.start)
        #expect(machine.mayContinue)
        var pipelined = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = pipelined.headArrived(now: Self.start)
        _ = pipelined.requestEnded(now: Self.at(1))
        _ = pipelined.headArrived(now: Self.at(1))
        #expect(!pipelined.mayContinue, "an earlier request is still to be answered")
        var answering = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = answering.headArrived(now: Self.start)
        answering.responseStarted()
        #expect(!answering.mayContinue)
    }

    @Test("pipelined requests: idle only once every response has ended")
    func pipelined() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.headArrived(now: Self.start)
        _ = machine.requestEnded(now: Self.at(1))
        _ = machine.headArrived(now: Self.start)
        _ = machine.requestEnded(now: Self.at(1))
        #expect(machine.responseEnded(now: Self.at(2)) == .none)
        #expect(machine.responseEnded(now: Self.at(3)) == .wake(at: Self.at(78)))
    }

    @Test("an upgraded connection is never timed")
    func upgraded() {
        var machine = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = machine.headArrived(now: Self.start)
        machine.upgraded()
        #expect(machine.timerFired(now: Self.at(1_000)) == .none)
        #expect(machine.bytesArrived(now: Self.at(1_000)) == .none)
        #expect(machine.isUpgraded)
    }

    @Test("a refused request is answered once no answer is under way and every earlier request is answered")
    func refusals() {
        var fresh = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        #expect(fresh.refused() == .answer)
        #expect(fresh.isClosing)

        var readingBody = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = readingBody.headArrived(now: Self.start)
        #expect(readingBody.refused() == .answer)

        var answering = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = answering.headArrived(now: Self.start)
        answering.responseStarted()
        #expect(answering.refused() == .close)

        var behindAnother = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = behindAnother.headArrived(now: Self.start)
        _ = behindAnother.requestEnded(now: Self.at(1))
        #expect(behindAnother.refused() == .wait)
        #expect(behindAnother.dropsInput && !behindAnother.isClosing)
        behindAnother.responseStarted()
        #expect(behindAnother.responseEnded(now: Self.at(2)) == .answerRefusal)
        #expect(behindAnother.isClosing)

        var twice = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = twice.refused()
        #expect(twice.refused() == .close)
    }

    @Test("a graceful shutdown closes connections with nothing in flight and leaves busy ones to finish")
    func quiesce() {
        var idle = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        let idleCloses = idle.quiesce()
        #expect(idleCloses)
        var busy = ConnectionDeadlines(limits: Self.limits, now: Self.start)
        _ = busy.headArrived(now: Self.start)
        let busyCloses = busy.quiesce()
        #expect(!busyCloses)
    }

    @Test("bounds below a millisecond are raised to one")
    func floor() {
        let limits = ConnectionLimits(headTimeout: .zero, idleTimeout: .seconds(-5), bodyTimeout: .zero, minimumBodyRate: 0)
        #expect(limits.headTimeout == .milliseconds(1))
        #expect(limits.idleTimeout == .milliseconds(1))
        #expect(limits.bodyTimeout == .milliseconds(1))
        #expect(limits.minimumBodyRate == 1)
    }
}
