// Generated for S9 (see ConnectionScenarios.swift): a state of 200 stored fields, 150 Int and
// 50 String, and the key paths of each screen's 8 fields. Regenerate rather than edit.
import Reflow

struct WideState: Equatable {
    var i0 = 0
    var i1 = 0
    var i2 = 0
    var i3 = 0
    var i4 = 0
    var i5 = 0
    var i6 = 0
    var i7 = 0
    var i8 = 0
    var i9 = 0
    var i10 = 0
    var i11 = 0
    var i12 = 0
    var i13 = 0
    var i14 = 0
    var i15 = 0
    var i16 = 0
    var i17 = 0
    var i18 = 0
    var i19 = 0
    var i20 = 0
    var i21 = 0
    var i22 = 0
    var i23 = 0
    var i24 = 0
    var i25 = 0
    var i26 = 0
    var i27 = 0
    var i28 = 0
    var i29 = 0
    var i30 = 0
    var i31 = 0
    var i32 = 0
    var i33 = 0
    var i34 = 0
    var i35 = 0
    var i36 = 0
    var i37 = 0
    var i38 = 0
    var i39 = 0
    var i40 = 0
    var i41 = 0
    var i42 = 0
    var i43 = 0
    var i44 = 0
    var i45 = 0
    var i46 = 0
    var i47 = 0
    var i48 = 0
    var i49 = 0
    var i50 = 0
    var i51 = 0
    var i52 = 0
    var i53 = 0
    var i54 = 0
    var i55 = 0
    var i56 = 0
    var i57 = 0
    var i58 = 0
    var i59 = 0
    var i60 = 0
    var i61 = 0
    var i62 = 0
    var i63 = 0
    var i64 = 0
    var i65 = 0
    var i66 = 0
    var i67 = 0
    var i68 = 0
    var i69 = 0
    var i70 = 0
    var i71 = 0
    var i72 = 0
    var i73 = 0
    var i74 = 0
    var i75 = 0
    var i76 = 0
    var i77 = 0
    var i78 = 0
    var i79 = 0
    var i80 = 0
    var i81 = 0
    var i82 = 0
    var i83 = 0
    var i84 = 0
    var i85 = 0
    var i86 = 0
    var i87 = 0
    var i88 = 0
    var i89 = 0
    var i90 = 0
    var i91 = 0
    var i92 = 0
    var i93 = 0
    var i94 = 0
    var i95 = 0
    var i96 = 0
    var i97 = 0
    var i98 = 0
    var i99 = 0
    var i100 = 0
    var i101 = 0
    var i102 = 0
    var i103 = 0
    var i104 = 0
    var i105 = 0
    var i106 = 0
    var i107 = 0
    var i108 = 0
    var i109 = 0
    var i110 = 0
    var i111 = 0
    var i112 = 0
    var i113 = 0
    var i114 = 0
    var i115 = 0
    var i116 = 0
    var i117 = 0
    var i118 = 0
    var i119 = 0
    var i120 = 0
    var i121 = 0
    var i122 = 0
    var i123 = 0
    var i124 = 0
    var i125 = 0
    var i126 = 0
    var i127 = 0
    var i128 = 0
    var i129 = 0
    var i130 = 0
    var i131 = 0
    var i132 = 0
    var i133 = 0
    var i134 = 0
    var i135 = 0
    var i136 = 0
    var i137 = 0
    var i138 = 0
    var i139 = 0
    var i140 = 0
    var i141 = 0
    var i142 = 0
    var i143 = 0
    var i144 = 0
    var i145 = 0
    var i146 = 0
    var i147 = 0
    var i148 = 0
    var i149 = 0
    var s0 = ""
    var s1 = ""
    var s2 = ""
    var s3 = ""
    var s4 = ""
    var s5 = ""
    var s6 = ""
    var s7 = ""
    var s8 = ""
    var s9 = ""
    var s10 = ""
    var s11 = ""
    var s12 = ""
    var s13 = ""
    var s14 = ""
    var s15 = ""
    var s16 = ""
    var s17 = ""
    var s18 = ""
    var s19 = ""
    var s20 = ""
    var s21 = ""
    var s22 = ""
    var s23 = ""
    var s24 = ""
    var s25 = ""
    var s26 = ""
    var s27 = ""
    var s28 = ""
    var s29 = ""
    var s30 = ""
    var s31 = ""
    var s32 = ""
    var s33 = ""
    var s34 = ""
    var s35 = ""
    var s36 = ""
    var s37 = ""
    var s38 = ""
    var s39 = ""
    var s40 = ""
    var s41 = ""
    var s42 = ""
    var s43 = ""
    var s44 = ""
    var s45 = ""
    var s46 = ""
    var s47 = ""
    var s48 = ""
    var s49 = ""
}

/// Every Int field and every String field, in order.
@MainActor let wideInts: [WritableKeyPath<WideState, Int>] = [\.i0, \.i1, \.i2, \.i3, \.i4, \.i5, \.i6, \.i7, \.i8, \.i9, \.i10, \.i11, \.i12, \.i13, \.i14, \.i15, \.i16, \.i17, \.i18, \.i19, \.i20, \.i21, \.i22, \.i23, \.i24, \.i25, \.i26, \.i27, \.i28, \.i29, \.i30, \.i31, \.i32, \.i33, \.i34, \.i35, \.i36, \.i37, \.i38, \.i39, \.i40, \.i41, \.i42, \.i43, \.i44, \.i45, \.i46, \.i47, \.i48, \.i49, \.i50, \.i51, \.i52, \.i53, \.i54, \.i55, \.i56, \.i57, \.i58, \.i59, \.i60, \.i61, \.i62, \.i63, \.i64, \.i65, \.i66, \.i67, \.i68, \.i69, \.i70, \.i71, \.i72, \.i73, \.i74, \.i75, \.i76, \.i77, \.i78, \.i79, \.i80, \.i81, \.i82, \.i83, \.i84, \.i85, \.i86, \.i87, \.i88, \.i89, \.i90, \.i91, \.i92, \.i93, \.i94, \.i95, \.i96, \.i97, \.i98, \.i99, \.i100, \.i101, \.i102, \.i103, \.i104, \.i105, \.i106, \.i107, \.i108, \.i109, \.i110, \.i111, \.i112, \.i113, \.i114, \.i115, \.i116, \.i117, \.i118, \.i119, \.i120, \.i121, \.i122, \.i123, \.i124, \.i125, \.i126, \.i127, \.i128, \.i129, \.i130, \.i131, \.i132, \.i133, \.i134, \.i135, \.i136, \.i137, \.i138, \.i139, \.i140, \.i141, \.i142, \.i143, \.i144, \.i145, \.i146, \.i147, \.i148, \.i149]
@MainActor let wideStrings: [WritableKeyPath<WideState, String>] = [\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12, \.s13, \.s14, \.s15, \.s16, \.s17, \.s18, \.s19, \.s20, \.s21, \.s22, \.s23, \.s24, \.s25, \.s26, \.s27, \.s28, \.s29, \.s30, \.s31, \.s32, \.s33, \.s34, \.s35, \.s36, \.s37, \.s38, \.s39, \.s40, \.s41, \.s42, \.s43, \.s44, \.s45, \.s46, \.s47, \.s48, \.s49]

/// Screen `screen`'s props, read field by field as a hand-written mapping would: screens
/// 0–24 and 25–49 each cover all 150 Int fields (6 each) and all 50 String fields (2 each).
func wideScreenProps(_ state: WideState, screen: Int) -> ScreenProps {
    switch screen % 25 {
    case 0: return ScreenProps(a: state.i0, b: state.i1, c: state.i2, d: state.i3, e: state.i4, f: state.i5, title: state.s0, subtitle: state.s1)
    case 1: return ScreenProps(a: state.i6, b: state.i7, c: state.i8, d: state.i9, e: state.i10, f: state.i11, title: state.s2, subtitle: state.s3)
    case 2: return ScreenProps(a: state.i12, b: state.i13, c: state.i14, d: state.i15, e: state.i16, f: state.i17, title: state.s4, subtitle: state.s5)
    case 3: return ScreenProps(a: state.i18, b: state.i19, c: state.i20, d: state.i21, e: state.i22, f: state.i23, title: state.s6, subtitle: state.s7)
    case 4: return ScreenProps(a: state.i24, b: state.i25, c: state.i26, d: state.i27, e: state.i28, f: state.i29, title: state.s8, subtitle: state.s9)
    case 5: return ScreenProps(a: state.i30, b: state.i31, c: state.i32, d: state.i33, e: state.i34, f: state.i35, title: state.s10, subtitle: state.s11)
    case 6: return ScreenProps(a: state.i36, b: state.i37, c: state.i38, d: state.i39, e: state.i40, f: state.i41, title: state.s12, subtitle: state.s13)
    case 7: return ScreenProps(a: state.i42, b: state.i43, c: state.i44, d: state.i45, e: state.i46, f: state.i47, title: state.s14, subtitle: state.s15)
    case 8: return ScreenProps(a: state.i48, b: state.i49, c: state.i50, d: state.i51, e: state.i52, f: state.i53, title: state.s16, subtitle: state.s17)
    case 9: return ScreenProps(a: state.i54, b: state.i55, c: state.i56, d: state.i57, e: state.i58, f: state.i59, title: state.s18, subtitle: state.s19)
    case 10: return ScreenProps(a: state.i60, b: state.i61, c: state.i62, d: state.i63, e: state.i64, f: state.i65, title: state.s20, subtitle: state.s21)
    case 11: return ScreenProps(a: state.i66, b: state.i67, c: state.i68, d: state.i69, e: state.i70, f: state.i71, title: state.s22, subtitle: state.s23)
    case 12: return ScreenProps(a: state.i72, b: state.i73, c: state.i74, d: state.i75, e: state.i76, f: state.i77, title: state.s24, subtitle: state.s25)
    case 13: return ScreenProps(a: state.i78, b: state.i79, c: state.i80, d: state.i81, e: state.i82, f: state.i83, title: state.s26, subtitle: state.s27)
    case 14: return ScreenProps(a: state.i84, b: state.i85, c: state.i86, d: state.i87, e: state.i88, f: state.i89, title: state.s28, subtitle: state.s29)
    case 15: return ScreenProps(a: state.i90, b: state.i91, c: state.i92, d: state.i93, e: state.i94, f: state.i95, title: state.s30, subtitle: state.s31)
    case 16: return ScreenProps(a: state.i96, b: state.i97, c: state.i98, d: state.i99, e: state.i100, f: state.i101, title: state.s32, subtitle: state.s33)
    case 17: return ScreenProps(a: state.i102, b: state.i103, c: state.i104, d: state.i105, e: state.i106, f: state.i107, title: state.s34, subtitle: state.s35)
    case 18: return ScreenProps(a: state.i108, b: state.i109, c: state.i110, d: state.i111, e: state.i112, f: state.i113, title: state.s36, subtitle: state.s37)
    case 19: return ScreenProps(a: state.i114, b: state.i115, c: state.i116, d: state.i117, e: state.i118, f: state.i119, title: state.s38, subtitle: state.s39)
    case 20: return ScreenProps(a: state.i120, b: state.i121, c: state.i122, d: state.i123, e: state.i124, f: state.i125, title: state.s40, subtitle: state.s41)
    case 21: return ScreenProps(a: state.i126, b: state.i127, c: state.i128, d: state.i129, e: state.i130, f: state.i131, title: state.s42, subtitle: state.s43)
    case 22: return ScreenProps(a: state.i132, b: state.i133, c: state.i134, d: state.i135, e: state.i136, f: state.i137, title: state.s44, subtitle: state.s45)
    case 23: return ScreenProps(a: state.i138, b: state.i139, c: state.i140, d: state.i141, e: state.i142, f: state.i143, title: state.s46, subtitle: state.s47)
    case 24: return ScreenProps(a: state.i144, b: state.i145, c: state.i146, d: state.i147, e: state.i148, f: state.i149, title: state.s48, subtitle: state.s49)
    default: fatalError("unreachable")
    }
}
