// PLACEHOLDER: replaced by the real-time work in this session.
import type { AppContext } from "../context";

export class Hub {
  constructor(private ctx: AppContext) {}
  emit(_companyId: number, _event: string, _data: unknown): void {}
  closeAll(): void {}
}
