/** RFC-7396 MergePatch on JSONB, in place on the target (json_patch). */
import { JB, type JsonParse, payloadSize, payloadSz } from "./jsonb.ts";
import { labelsEqual } from "./unescape.ts";
import { afterEditSizeAdjust, size } from "./lookup.ts";

/** Result of {@link mergePatch}. */
export const enum Merge {
  Ok = 0,
  BadTarget = 1,
  BadPatch = 2,
}

function isLabel(t: number): boolean {
  return t >= JB.Text && t <= JB.TextRaw;
}

function isRawLabel(t: number): boolean {
  return t === JB.Text || t === JB.TextRaw;
}

/** Applies `patch` (element at `iP`) to `target` (element at `iT`). */
export function mergePatch(target: JsonParse, iT: number, patch: JsonParse, iP: number): Merge {
  const pa = patch.a;
  if ((pa[iP] & 0x0f) !== JB.Object) {
    const hp = payloadSize(pa, patch.n, iP);
    const szPatch = hp + payloadSz;
    const ht = size(target, iT);
    target.edit(iT, ht + payloadSz, pa.subarray(iP, iP + szPatch));
    return Merge.Ok;
  }
  if ((target.a[iT] & 0x0f) !== JB.Object) {
    const ht = size(target, iT);
    target.edit(iT + ht, payloadSz, null);
    target.a[iT] = (target.a[iT] & 0xf0) | JB.Object;
  }
  let h = payloadSize(pa, patch.n, iP);
  if (h === 0) return Merge.BadPatch;
  let pCur = iP + h;
  const pEnd = pCur + payloadSz;
  h = size(target, iT);
  if (h === 0) return Merge.BadTarget;
  const tStart = iT + h;
  const tEndBefore = tStart + payloadSz;

  while (pCur < pEnd) {
    const pLabel = pCur;
    const pLabelType = pa[pCur] & 0x0f;
    if (!isLabel(pLabelType)) return Merge.BadPatch;
    const nPLabel = payloadSize(pa, patch.n, pCur);
    const szPLabel = payloadSz;
    if (nPLabel === 0) return Merge.BadPatch;
    const pValue = pCur + nPLabel + szPLabel;
    if (pValue >= pEnd) return Merge.BadPatch;
    const nPValue = payloadSize(pa, patch.n, pValue);
    const szPValue = payloadSz;
    if (nPValue === 0) return Merge.BadPatch;
    pCur = pValue + nPValue + szPValue;
    if (pCur > pEnd) return Merge.BadPatch;

    let tCur = tStart;
    const tEnd = tEndBefore + target.delta;
    let tLabel = 0;
    let nTLabel = 0;
    let szTLabel = 0;
    let tValue = 0;
    let nTValue = 0;
    let szTValue = 0;
    while (tCur < tEnd) {
      const ta = target.a;
      tLabel = tCur;
      const tLabelType = ta[tCur] & 0x0f;
      if (!isLabel(tLabelType)) return Merge.BadTarget;
      nTLabel = payloadSize(ta, target.n, tCur, target.delta);
      szTLabel = payloadSz;
      if (nTLabel === 0) return Merge.BadTarget;
      tValue = tLabel + nTLabel + szTLabel;
      if (tValue >= tEnd) return Merge.BadTarget;
      nTValue = payloadSize(ta, target.n, tValue, target.delta);
      szTValue = payloadSz;
      if (nTValue === 0) return Merge.BadTarget;
      if (tValue + nTValue + szTValue > tEnd) return Merge.BadTarget;
      const equal = labelsEqual(
        pa,
        pLabel + nPLabel,
        szPLabel,
        isRawLabel(pLabelType),
        ta,
        tLabel + nTLabel,
        szTLabel,
        isRawLabel(tLabelType),
      );
      if (equal) break;
      tCur = tValue + nTValue + szTValue;
    }
    const x = pa[pValue] & 0x0f;
    if (tCur < tEnd) {
      if (x === JB.Null) {
        target.edit(tLabel, nTLabel + szTLabel + nTValue + szTValue, null);
      } else {
        const saved = target.delta;
        target.delta = 0;
        const rc = mergePatch(target, tValue, patch, pValue);
        if (rc) return rc;
        target.delta += saved;
      }
    } else if (x > 0) {
      const szNew = szPLabel + nPLabel;
      if (x !== JB.Object) {
        target.edit(tEnd, 0, null, szPValue + nPValue + szNew);
        target.a.set(pa.subarray(pLabel, pLabel + szNew), tEnd);
        target.a.set(pa.subarray(pValue, pValue + szPValue + nPValue), tEnd + szNew);
      } else {
        target.edit(tEnd, 0, null, szNew + 1);
        target.a.set(pa.subarray(pLabel, pLabel + szNew), tEnd);
        target.a[tEnd + szNew] = 0x00;
        const saved = target.delta;
        target.delta = 0;
        const rc = mergePatch(target, tEnd + szNew, patch, pValue);
        if (rc) return rc;
        target.delta += saved;
      }
    }
  }
  if (target.delta) afterEditSizeAdjust(target, iT);
  return Merge.Ok;
}
