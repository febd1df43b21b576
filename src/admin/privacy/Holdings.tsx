import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { formatDateTime } from '../../lib/format';
import { Facts } from './Facts';
import { RECEIVED_LABEL, commentFacts, type Fact, messageFacts, receivedFacts, staffFacts, subscriptionFacts } from './facts';
import { Group } from './Group';
import { Item, Items } from './Items';
import type { PrivacyHoldings } from './summary';

const screenMoment = (value: unknown) => formatDateTime(value);

/** Records of one kind, each as its facts. */
function RecordFacts<T extends { id: string }>({ records, facts }: { records: T[]; facts: (record: T) => Fact[] }) {
  return (
    <Items>
      {records.map((record) => (
        <Item key={record.id}>
          <Facts items={facts(record)} />
        </Item>
      ))}
    </Items>
  );
}

/** Everything held about the e-mail, one Group per kind of record. */
export function Holdings({ held }: { held: PrivacyHoldings }) {
  const { contactMessages, comments, newsletter, staffAccount, notes } = held;
  return (
    <Stack spacing={3}>
      <Group id="messages" title="Mensagens de contato" count={contactMessages.length} empty="Nenhuma mensagem de contato.">
        {contactMessages.length ? (
          <RecordFacts records={contactMessages} facts={(message) => messageFacts(message, screenMoment)} />
        ) : null}
      </Group>
      <Group id="comments" title="Comentários" count={comments.length} empty="Nenhum comentário.">
        {comments.length ? <RecordFacts records={comments} facts={(comment) => commentFacts(comment, screenMoment)} /> : null}
      </Group>
      <Group id="newsletter" title="Newsletter" empty="Nenhuma inscrição na newsletter.">
        {newsletter ? (
          <Paper variant="outlined" sx={{ p: 1.5 }}>
            <Facts
              items={[
                ...subscriptionFacts(newsletter, screenMoment),
                [
                  RECEIVED_LABEL,
                  newsletter.received?.length
                    ? newsletter.received
                        .map((item) => {
                          const [title, sent] = receivedFacts(item, screenMoment).map(([, value]) => value);
                          return `${title} (${sent})`;
                        })
                        .join('; ')
                    : 'nenhum',
                ],
              ]}
            />
          </Paper>
        ) : null}
      </Group>
      <Group id="staff" title="Conta da equipe" empty="Nenhuma conta da equipe com este e-mail.">
        {staffAccount ? (
          <Stack spacing={1}>
            <Paper variant="outlined" sx={{ p: 1.5 }}>
              <Facts items={staffFacts(staffAccount)} />
            </Paper>
            {notes.staff ? <Alert severity="warning">{notes.staff}</Alert> : null}
          </Stack>
        ) : null}
      </Group>
      <Group id="analytics" title="Analytics" empty="">
        <Alert severity="info">{notes.analytics}</Alert>
      </Group>
    </Stack>
  );
}
