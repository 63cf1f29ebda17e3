// fuzz-evdev: arbitrary `input_event` streams through EvdevDecoder → TouchTracker → TouchMapping,
// as EvdevDevice runs them. Inputs carry unknown types and codes, slot numbers out of range,
// missing SYN_REPORTs, SYN_DROPPED storms, snapshots of any shape and axis ranges with min > max.
// Checked: the decoder keeps < 24 bytes pending and yields every whole record; each contact id
// begins once, moves only while down and ends at most once; mapped points are finite and inside
// the logical surface.
import FuzzSupport
import Kiosk
import Raster

func fuzzEvdev(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let protos: [TouchProtocol] = [.multitouchB, .singleTouch, .pointer]
    let proto = protos[input.below(3)]
    var tracker = TouchTracker(proto: proto, slotCount: Int(Int8(bitPattern: input.byte())), idBase: Int(input.u16()))
    // Calibration matrices come from `CalibrationMatrix(parsing:)`, which accepts finite numbers only,
    // so that is what the mapping sees; ±1e308 stands in for the infinities.
    func finite() -> Double { let d = input.double(); return d.isFinite ? d : (d < 0 ? -1e308 : 1e308) }
    let rotation = [Rotation.degrees0, .degrees90, .degrees180, .degrees270][input.below(4)]
    let mapping = TouchMapping(xRange: AxisRange(input.i32(), input.i32()), yRange: AxisRange(input.i32(), input.i32()),
                               matrix: CalibrationMatrix(a: finite(), b: finite(), c: finite(), d: finite(), e: finite(), f: finite()),
                               swapXY: input.bool(), invertX: input.bool(), invertY: input.bool(),
                               panelWidth: 1 + input.below(4096), panelHeight: 1 + input.below(4096), rotation: rotation)
    let (lw, lh) = rotation.logicalSize(panelWidth: mapping.panelWidth, panelHeight: mapping.panelHeight)

    // The byte stream: whole records made from compact (type, code, value) triples, so the fuzzer
    // reaches interesting events quickly, or raw bytes (odd lengths, garbage times).
    var stream: [UInt8] = []
    if input.bool() {
        stream = input.rest()
    } else {
        let types: [UInt16] = [EV.syn, EV.abs, EV.key, EV.syn, EV.abs, EV.rel, EV.msc]
        let codes: [UInt16] = [EV.absMTSlot, EV.absMTTrackingID, EV.absMTPositionX, EV.absMTPositionY, EV.absX, EV.absY,
                               EV.btnTouch, EV.btnLeft, EV.synReport, EV.synDropped]
        while !input.isEmpty {
            let t = input.byte(), c = input.byte()
            let type = t & 0x80 != 0 ? UInt16(t) : types[Int(t) % types.count]
            let code = c & 0x80 != 0 ? UInt16(c & 0x7f) << 3 : codes[Int(c) % codes.count]
            let v = input.byte()
            let value: Int32 = v & 0x80 != 0 ? input.i32() : Int32(v) - 8
            stream += InputEvent(time: Double(stream.count) * 1e-3, type: type, code: code, value: value).bytes
        }
    }

    var decoder = EvdevDecoder()
    var decoded = 0
    var begun: Set<Int> = [], finished: Set<Int> = []
    var snapshotSeed = UInt32(truncatingIfNeeded: stream.count)
    let snapshot: () -> DeviceSnapshot? = {
        snapshotSeed = snapshotSeed &* 1664525 &+ 1013904223
        if snapshotSeed & 3 == 0 { return nil }
        let n = Int(snapshotSeed >> 8) % 80
        let slots = (0..<n).map { i -> (trackingID: Int32, x: Int32, y: Int32) in
            (Int32(truncatingIfNeeded: Int(snapshotSeed >> 3) + i) % 5 - 1, Int32(bitPattern: snapshotSeed), Int32(i))
        }
        return DeviceSnapshot(slots: slots, buttonDown: snapshotSeed & 16 != 0, x: Int32(bitPattern: snapshotSeed >> 1), y: -1)
    }
    func check(_ touches: [RawTouch]) {
        for t in touches {
            switch t.phase {
            case .began:
                guard !begun.contains(t.id) else { fuzzFailure("id \(t.id) began twice") }
                begun.insert(t.id)
            case .moved:
                guard begun.contains(t.id), !finished.contains(t.id) else { fuzzFailure("id \(t.id) moved while up") }
            case .ended, .cancelled:
                guard begun.contains(t.id), !finished.contains(t.id) else { fuzzFailure("id \(t.id) ended while up") }
                finished.insert(t.id)
            }
            let p = mapping.map(x: t.x, y: t.y)
            guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x < Double(lw), p.y < Double(lh) else {
                fuzzFailure("mapped \(t.x),\(t.y) to \(p) outside \(lw)×\(lh)")
            }
        }
    }

    // Feed in chunks whose sizes come from the stream itself (short reads, split records).
    var o = 0, chunkSeed = stream.first ?? 7
    while o < stream.count {
        chunkSeed = chunkSeed &* 37 &+ 11
        let n = min(stream.count - o, 1 + Int(chunkSeed % 61))
        let events = stream[o..<o + n].withUnsafeBytes { decoder.feed($0) }
        o += n
        decoded += events.count
        guard decoder.pendingByteCount < InputEvent.size else { fuzzFailure("pending \(decoder.pendingByteCount) bytes") }
        for e in events { check(tracker.handle(e, snapshot: snapshot)) }
    }
    guard decoded == stream.count / InputEvent.size else { fuzzFailure("decoded \(decoded) of \(stream.count / 24) records") }
    check(tracker.cancelAll(time: 0))
    guard !tracker.isTouching else { fuzzFailure("still touching after cancelAll") }
    return 0
}

runFuzzer(fuzzEvdev)
