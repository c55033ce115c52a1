import type { Worker } from '@didban/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { TimeAgo } from '../../components/ui/time-ago';
import { SetupGuide } from '../../components/workers/setup-guide';
import { WorkerActions } from '../../components/workers/worker-actions';
import { WorkerStatusBadge } from '../../components/workers/worker-status-badge';
import { useAllWorkerGroups, useCanManageWorkers, useWorker } from '../../hooks/use-workers';
import { PATHS } from '../../routes/paths';
import { MoveToGroup } from './move-to-group';

/** /workers/{workerId}: the worker's facts and its setup guide (spec §2). */
export function WorkerPage() {
  const { t } = useTranslation(['workers', 'shared']);
  const { workerId = '' } = useParams();
  const navigate = useNavigate();
  const canManage = useCanManageWorkers().canManage;
  const worker = useWorker(workerId);

  return (
    <div className="flex flex-col gap-6">
      <Link to={PATHS.workers} className="self-start text-sm text-brand-300 hover:underline">
        <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
          ←
        </span>{' '}
        {t('detail.back')}
      </Link>
      {!worker.data ? (
        <QueryState query={worker} notFound={t('detail.notFound')} />
      ) : (
        <>
          <Card>
            <div className="flex flex-wrap items-center gap-3">
              <h1 className="text-2xl font-semibold" dir="auto">
                {worker.data.name}
              </h1>
              <WorkerStatusBadge status={worker.data.status} />
              {canManage ? (
                <div className="ms-auto">
                  <WorkerActions worker={worker.data} onDeleted={() => navigate(PATHS.workers)} />
                </div>
              ) : null}
            </div>
            <WorkerFacts worker={worker.data} />
            {canManage ? <MoveToGroup worker={worker.data} /> : null}
          </Card>
          <Card>
            <WorkerGates worker={worker.data} />
          </Card>
          <Card>
            <SetupGuide revoked={worker.data.status === 'revoked'} />
          </Card>
        </>
      )}
    </div>
  );
}

// "Last seen" is the heartbeat (what the list calls "Updated"); the row's own change time is not
// shown, since it stays still while the worker runs and reads as if the worker had gone quiet.
function WorkerFacts({ worker }: { worker: Worker }) {
  const { t } = useTranslation('workers');
  const groups = useAllWorkerGroups();
  const dash = t('list.unknown');
  const group = worker.group_id
    ? (groups.data?.find((g) => g.id === worker.group_id)?.name ?? dash)
    : t('list.noGroup');
  return (
    <dl className="mt-5 grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <Fact label={t('detail.group')}>{group}</Fact>
      <Fact label={t('list.country')}>{worker.country || dash}</Fact>
      <Fact label={t('list.ip')}>
        <span dir="ltr">{worker.ip || dash}</span>
      </Fact>
      <Fact label={t('detail.version')}>
        <span dir="ltr">{worker.version || dash}</span>
      </Fact>
      <Fact label={t('detail.keyPrefix')}>
        <code dir="ltr">{worker.key_prefix}…</code>
      </Fact>
      <Fact label={t('detail.lastSeen')}>
        {worker.last_seen_at ? <TimeAgo time={worker.last_seen_at} /> : t('detail.never')}
      </Fact>
      <Fact label={t('detail.created')}>
        <TimeAgo time={worker.created_at} />
      </Fact>
    </dl>
  );
}

const GATE_ORDER = ['self-contained', 'headless', 'code', 'file', 'dast', 'global-matchers'] as const;

/** The capability gates the worker reported at hello (issue 31), and its out-of-band server. */
function WorkerGates({ worker }: { worker: Worker }) {
  const { t } = useTranslation('workers');
  const caps = worker.capabilities;
  return (
    <section aria-labelledby="worker-gates-title" data-testid="worker-gates">
      <h2 id="worker-gates-title" className="text-lg font-semibold">
        {t('gates.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-400">{t('gates.intro')}</p>
      {!caps ? (
        <p className="mt-4 text-sm text-zinc-400" data-testid="worker-gates-missing">
          {t('gates.notReported')}
        </p>
      ) : (
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <GateRow
            id="interactsh"
            label={t('gates.oast')}
            on={caps.interactsh !== 'none'}
            value={t(`gates.oastStates.${caps.interactsh}`)}
          />
          {GATE_ORDER.filter((name) => caps.gates[name]).map((name) => (
            <GateRow
              key={name}
              id={name}
              label={t(`gates.names.${name}`)}
              on={caps.gates[name] === 'on' || caps.gates[name] === 'per-scan'}
              value={t(`gates.states.${caps.gates[name]!}`)}
            />
          ))}
        </dl>
      )}
    </section>
  );
}

function GateRow({ id, label, value, on }: { id: string; label: string; value: string; on: boolean }) {
  return (
    <div className="flex items-start justify-between gap-3 border-b border-zinc-800 pb-2" data-gate={id}>
      <dt className="text-zinc-300">{label}</dt>
      <dd className={`max-w-[50%] text-end ${on ? 'text-emerald-300' : 'text-zinc-500'}`} data-gate-state>
        {value}
      </dd>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className="mt-0.5 text-zinc-200">{children}</dd>
    </div>
  );
}
