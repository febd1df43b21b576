/**
 * react-admin's ExportButton with an exporter that writes every row matching the
 * list's current filters and sort (PocketBase caps a page at 1000 rows, so the
 * rest is fetched page by page), as pt-BR CSV.
 */
import { useCallback } from 'react';
import { downloadCSV, ExportButton, useListContext, type Exporter, type RaRecord } from 'react-admin';
import { exportFileName, toCsv, type CsvColumn } from './csv';

const PAGE = 500;

export function ExportAllButton<Row extends RaRecord>({
  columns,
  filePrefix,
  label = 'Exportar CSV',
}: {
  columns: readonly CsvColumn<Row>[];
  filePrefix: string;
  label?: string;
}) {
  const { filter, filterValues, sort, total } = useListContext<Row>();

  const exporter = useCallback<Exporter<Row>>(
    async (firstPage, _fetchRelated, dataProvider, resource) => {
      const rows = [...firstPage];
      // Lists past the data provider's counting limit have no total: read until a short page.
      for (let page = 2; (total === undefined || rows.length < total) && rows.length === (page - 1) * PAGE; page++) {
        const { data } = await dataProvider.getList<Row>(resource!, {
          pagination: { page, perPage: PAGE },
          sort,
          filter: { ...filterValues, ...filter },
        });
        rows.push(...data);
      }
      downloadCSV('\uFEFF' + toCsv(rows, columns), exportFileName(filePrefix));
    },
    [columns, filePrefix, filter, filterValues, sort, total],
  );

  // On a phone react-admin shows an icon button, which loses its name while disabled
  // (an empty list): the aria-label keeps it.
  return <ExportButton exporter={exporter} maxResults={PAGE} label={label} aria-label={label} />;
}
