/**
 * `count(*)` of a b-tree walked by the module (the Count instruction): the pages come from
 * the pager's page map in the memory (core/page_storage.ts), or through the `page` import
 * on a miss, and the walk adds up the leaves' cell counts (and an index's interior cells),
 * as core/format/cursor.ts `count()` does. A leaf's checked type and cell count are kept in
 * the page info array, so the next count reads four bytes for it instead of its page. The
 * path is kept as page numbers in the frame, so a page the pager evicts while the walk
 * loads another is looked up again, never read stale.
 *
 * Every read is checked as BtreePage checks it (page type of the right kind, cell pointer
 * array and cell offsets within the usable bytes, child numbers within the file, depth and
 * the number of pages visited bounded); anything out of line declines to the JS `count()`,
 * which reports the corruption as core does.
 */
import { MAX_BTREE_DEPTH } from "../../../core/format/cursor.ts";
import { PageType } from "../../../core/format/btree_page.ts";
import type { Insn } from "../../bytecode/program.ts";
import { CountArea, FileInfo } from "../plan/frame_layout.ts";
import { type OpContext, storeInt } from "./module.ts";

/** Emits the Count at `pc` (its walk's area and kind in `c.plan.counts`). */
export function emitCount(c: OpContext, pc: number, ins: Insn): void {
  const f = c.f;
  const walk = c.plan.counts.get(pc)!;
  const area = c.layout.countWalk(pc);
  const file = c.layout.file;
  const [leafType, interiorType] = walk.isTable
    ? [PageType.TableLeaf, PageType.TableInterior]
    : [PageType.IndexLeaf, PageType.IndexInterior];
  const [depth, pg, pgno, visits, idx, nCells] = [c.h, c.rec, c.st, c.u, c.v, c.w];
  const n = c.x;
  /** Pushes the address of the path entry at `depth` (page number at +0, next child at +4). */
  const entry = () => f.localGet(c.fp).localGet(depth).i32Const(8).op("i32.mul").op("i32.add");
  const fileInfo = (field: number) => f.localGet(c.fp).load("i32.load", file + field);
  /** Pushes the big-endian 16-bit number at `pg` + `at` (`at` pushed by `offset`). */
  const be16 = (offset: () => void) => {
    f.localGet(pg);
    offset();
    f.op("i32.add").localTee(c.t).load("i32.load8_u", 0).i32Const(8).op("i32.shl");
    f.localGet(c.t).load("i32.load8_u", 1).op("i32.or");
  };
  const be32 = (offset: () => void) => {
    f.localGet(pg);
    offset();
    f.op("i32.add").localSet(c.t);
    for (let k = 0; k < 4; k++) {
      f.localGet(c.t).load("i32.load8_u", k);
      if (k > 0) f.op("i32.or");
      if (k < 3) f.i32Const(8).op("i32.shl");
    }
  };
  const decline = () => c.fallback(pc);
  fileInfo(FileInfo.PageMap).op("i32.eqz").ifElse("empty", decline);
  f.i32Const(0).localSet(depth).i64Const(0n).localSet(n).i32Const(0).localSet(visits);
  entry();
  f.localGet(c.fp).load("i32.load", area + CountArea.Root);
  f.store("i32.store", area + CountArea.Path);
  entry().i32Const(0).store("i32.store", area + CountArea.Path + 4);
  f.block("empty", (done) => {
    /** Up to the parent, or out of the walk at the root. */
    const pop = (walkLoop: Parameters<typeof f.br>[0]) => {
      f.localGet(depth).op("i32.eqz").brIf(done);
      f.localGet(depth).i32Const(1).op("i32.sub").localSet(depth).br(walkLoop);
    };
    f.loop("empty", (walkLoop) => {
      entry().load("i32.load", area + CountArea.Path).localTee(pgno);
      // Page 1 (its b-tree header is at 100), the lock-byte page and numbers past the
      // file are left to JS, which reports them.
      f.i32Const(2).op("i32.lt_u");
      f.localGet(pgno);
      fileInfo(FileInfo.PageCount).op("i32.gt_u").op("i32.or");
      f.localGet(pgno);
      fileInfo(FileInfo.LockByte).op("i32.eq").op("i32.or");
      f.ifElse("empty", decline);
      // A leaf counted before: its cell count from the page info, without touching the page.
      const info = () => {
        fileInfo(FileInfo.PageInfo).localGet(pgno).i32Const(4).op("i32.mul").op("i32.add");
      };
      const known = (0x80000000 | (leafType << 16)) | 0;
      info();
      f.load("i32.load", 0).localTee(idx).i32Const(0xffff0000 | 0).op("i32.and");
      f.i32Const(known).op("i32.eq").ifElse("empty", () => {
        f.localGet(n).localGet(idx).i32Const(0xffff).op("i32.and").op("i64.extend_i32_u");
        f.op("i64.add").localSet(n);
        pop(walkLoop);
      });
      fileInfo(FileInfo.PageMap).localGet(pgno).i32Const(4).op("i32.mul").op("i32.add");
      f.load("i32.load", 0).localTee(pg).op("i32.eqz").ifElse("empty", () => {
        f.localGet(pgno).call(c.page).localTee(pg).op("i32.eqz").ifElse("empty", decline);
      });
      be16(() => f.i32Const(3));
      f.localSet(nCells);
      f.localGet(pg).load("i32.load8_u", 0).i32Const(leafType).op("i32.eq");
      f.ifElse("empty", () => {
        f.localGet(nCells).i32Const(2).op("i32.mul").i32Const(8).op("i32.add");
        fileInfo(FileInfo.Usable).op("i32.gt_u").ifElse("empty", decline);
        f.localGet(n).localGet(nCells).op("i64.extend_i32_u").op("i64.add").localSet(n);
        info();
        f.localGet(nCells).i32Const(known).op("i32.or").store("i32.store", 0);
        pop(walkLoop);
      });
      f.localGet(pg).load("i32.load8_u", 0).i32Const(interiorType).op("i32.ne");
      f.ifElse("empty", decline);
      f.localGet(nCells).i32Const(2).op("i32.mul").i32Const(12).op("i32.add");
      fileInfo(FileInfo.Usable).op("i32.gt_u").ifElse("empty", decline);
      entry().load("i32.load", area + CountArea.Path + 4).localTee(idx);
      if (!walk.isTable) {
        // An index's interior cells are entries too: counted on the first visit.
        f.op("i32.eqz").ifElse("empty", () => {
          f.localGet(n).localGet(nCells).op("i64.extend_i32_u").op("i64.add").localSet(n);
        });
        f.localGet(idx);
      }
      f.localGet(nCells).op("i32.gt_u").ifElse("empty", () => pop(walkLoop));
      // The child: cell idx's left child, or the right-most child after the last cell.
      f.localGet(idx).localGet(nCells).op("i32.lt_u").ifElse("i32", () => {
        be16(() => f.localGet(idx).i32Const(2).op("i32.mul").i32Const(12).op("i32.add"));
        f.localTee(c.t).localGet(nCells).i32Const(2).op("i32.mul").i32Const(12).op("i32.add");
        f.op("i32.lt_u").localGet(c.t).i32Const(4).op("i32.add");
        fileInfo(FileInfo.Usable).op("i32.gt_u").op("i32.or").ifElse("empty", decline);
        be32(() => f.localGet(c.t));
      }, () => be32(() => f.i32Const(8)));
      f.localSet(pgno);
      entry().localGet(idx).i32Const(1).op("i32.add");
      f.store("i32.store", area + CountArea.Path + 4);
      f.localGet(visits).i32Const(1).op("i32.add").localTee(visits);
      fileInfo(FileInfo.PageCount).op("i32.gt_u");
      f.localGet(depth).i32Const(MAX_BTREE_DEPTH - 1).op("i32.ge_u").op("i32.or");
      f.ifElse("empty", decline);
      f.localGet(depth).i32Const(1).op("i32.add").localSet(depth);
      entry().localGet(pgno).store("i32.store", area + CountArea.Path);
      entry().i32Const(0).store("i32.store", area + CountArea.Path + 4);
      f.br(walkLoop);
    });
  });
  storeInt(c, ins.p2, () => f.localGet(n));
}
