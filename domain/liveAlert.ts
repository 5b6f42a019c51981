/** One live alert as the browser receives it, in the poll's snacks and in the list (server/routes/alerts.ts serves it). */
export interface LiveAlert {
  alertId: number;
  level: 'ERROR' | 'FATAL' | 'WARN' | 'INFO';
  title: string;
  message: string;
  titleLink?: string;
  creationDate: string;
  read: boolean;
}
